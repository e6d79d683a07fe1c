// The polite live region every element speaks through: `announce(text)` puts text in it (identical
// text again too, so that a screen reader repeats it), `render()` is the region itself.
import { html } from 'lit';
import type { ReactiveController, ReactiveControllerHost, TemplateResult } from 'lit';

export class AnnouncerController implements ReactiveController {
  /** What the region says now. */
  text = '';
  readonly #host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  announce(text: string): void {
    // a no-break space makes a repeat a change the region reports
    this.text = text === this.text ? `${text}\u00a0` : text;
    this.#host.requestUpdate();
  }

  render(): TemplateResult {
    return html`<div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      ${this.text}
    </div>`;
  }

  hostConnected(): void {}
}
