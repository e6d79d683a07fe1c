// A request to change the emulator, sent up from a form or a button to the dashboard, which makes
// the call with the key, says how it went and reloads what it shows.
export interface SandboxAction {
  /** what the person asked for, in words: "Send 5,000.00 to 7810456231" */
  label: string;
  method: 'POST' | 'DELETE';
  path: string;
  body?: unknown;
}

export class SandboxActionEvent extends Event {
  static readonly type = 'sandbox-action';
  constructor(readonly action: SandboxAction) {
    super(SandboxActionEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'sandbox-action': SandboxActionEvent;
  }
}
