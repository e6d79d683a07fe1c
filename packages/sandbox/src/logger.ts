// Where the emulator writes what it does (the CLI's console, a test's recorder): a module of its own,
// so that any part may log without importing the route context.
export interface SandboxLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
