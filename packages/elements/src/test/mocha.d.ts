// The mocha globals @web/test-runner provides in the browser. (The repository has no @types/mocha;
// this covers what the element tests use.)
type MochaDone = (error?: unknown) => void;
/** `this` in a test: `this.skip()` where an engine lacks what the test needs (say why in its title). */
interface MochaContext {
  skip(): never;
}
type MochaTest = (this: MochaContext, done: MochaDone) => void | Promise<unknown>;

declare function describe(title: string, fn: () => void): void;
declare function it(title: string, fn: MochaTest): void;
declare function before(fn: MochaTest): void;
declare function after(fn: MochaTest): void;
declare function beforeEach(fn: MochaTest): void;
declare function afterEach(fn: MochaTest): void;
