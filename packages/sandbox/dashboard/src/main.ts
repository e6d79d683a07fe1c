// The dashboard's entry: defines its three elements and gives the page its background.
import { SandboxActions } from './sandbox-actions.js';
import { SandboxDashboard } from './sandbox-dashboard.js';
import { SandboxTables } from './sandbox-tables.js';
import { page } from './styles.js';

for (const [tag, element] of [
  ['sandbox-actions', SandboxActions],
  ['sandbox-tables', SandboxTables],
  ['sandbox-dashboard', SandboxDashboard],
] as const) {
  if (!customElements.get(tag)) customElements.define(tag, element);
}

// a constructed sheet: no <style> element, so the CSP needs no 'unsafe-inline'
if (page.styleSheet) document.adoptedStyleSheets = [...document.adoptedStyleSheets, page.styleSheet];

declare global {
  interface HTMLElementTagNameMap {
    'sandbox-actions': SandboxActions;
    'sandbox-tables': SandboxTables;
    'sandbox-dashboard': SandboxDashboard;
  }
}
