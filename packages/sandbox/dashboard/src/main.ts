// The dashboard's entry: defines its three elements.
import { SandboxActions } from './sandbox-actions.js';
import { SandboxDashboard } from './sandbox-dashboard.js';
import { SandboxTables } from './sandbox-tables.js';

for (const [tag, element] of [
  ['sandbox-actions', SandboxActions],
  ['sandbox-tables', SandboxTables],
  ['sandbox-dashboard', SandboxDashboard],
] as const) {
  if (!customElements.get(tag)) customElements.define(tag, element);
}

declare global {
  interface HTMLElementTagNameMap {
    'sandbox-actions': SandboxActions;
    'sandbox-tables': SandboxTables;
    'sandbox-dashboard': SandboxDashboard;
  }
}
