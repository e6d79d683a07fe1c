// The widget ⇄ backend contract (DESIGN.md, "Widget endpoints"). zod/mini keeps it small in the
// browser; the kit and the elements both import these and neither redefines a shape. One module per
// message group, and `sideEffects: false`, so that a bundle carries only the schemas its element uses.
export * from './common.js';
export * from './sessions.js';
export * from './invoices.js';
export * from './funding.js';
export * from './links.js';
export * from './banks.js';
export * from './receipts.js';
export * from './wire.js';
export * from './errors.js';
export * from './routes.js';
export * from './route-table.js';
