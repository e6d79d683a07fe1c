// The mocha globals @web/test-runner provides in the browser. (The repository has no @types/mocha;
// this covers what the element tests use.)
type MochaDone = (error?: unknown) => void;
type MochaTest = (() => void | Promise<unknown>) | ((done: MochaDone) => void);

declare function describe(title: string, fn: () => void): void;
declare function it(title: string, fn: MochaTest): void;
declare function before(fn: MochaTest): void;
declare function after(fn: MochaTest): void;
declare function beforeEach(fn: MochaTest): void;
declare function afterEach(fn: MochaTest): void;
