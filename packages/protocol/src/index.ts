// Made by `npm run generate -w @pay-elements/protocol` (src/generate-lists.ts): do not edit.
// The widget ⇄ backend contract (docs/protocol.md): one module per message group, each with the
// routes that carry it; zod/mini keeps it small, and `sideEffects: false` lets a bundle keep only
// the schemas it uses.
export * from './banks.js';
export * from './common.js';
export * from './errors.js';
export * from './funding.js';
export * from './invoices.js';
export * from './links.js';
export * from './receipts.js';
export * from './route-table.js';
export * from './routes.js';
export * from './sessions.js';
export * from './webhooks.js';
export * from './wire.js';
