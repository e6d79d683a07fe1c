import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import type { GreetingView } from '@pay-elements/protocol';
import { greetingPath, readGreetingView } from '@pay-elements/protocol/guards';
import { PayElement } from '../pay-element.js';
import { LocalizeController } from '../../controllers/localize.js';
import { ViewTaskController } from '../../controllers/view-task.js';
import { PayWaveEvent } from '../../events/pay-wave.js';
import { enGreeting } from '../../i18n/en/greeting.js';
import { endpointUrl, getView } from '../../lib/backend.js';
import { realClock, type Clock } from '../../lib/clock.js';
import type { PayTheme } from '../../styles/theme.js';
import { renderGreeting } from './greeting.templates.js';
import styles from './greeting.styles.js';

/**
 * Loads `{endpoint}/greetings/{name}` and says it (the toy of test/build/contributing.test.ts).
 *
 * @summary A greeting from the merchant, with a button to wave back.
 *
 * @event {PayWaveEvent} pay-wave - The shopper waved back. `detail: {name}`.
 * @event {PayErrorEvent} pay-error - Loading failed. `detail: {code, message, status, operation: "load"}`.
 *
 * @csspart base - The box.
 * @csspart text - The greeting.
 * @csspart wave-button - "Wave back".
 */
export class PayGreeting extends PayElement {
  static override styles = styles;
  static override properties: PropertyDeclarations = {
    name: { attribute: 'name' },
    endpoint: { attribute: 'endpoint' },
    theme: { reflect: true, attribute: 'theme' },
    clock: { attribute: false },
  };

  /** Whom to greet. */
  name = '';

  /** Base URL of the backend kit's widget endpoints. */
  endpoint = '/pay';

  /** Colour scheme: `auto` (follow the system), `light`, `dark` or `high-contrast`. */
  theme: PayTheme = 'auto';

  /** Source of time (retries). Inject a `ManualClock` to control time. */
  clock: Clock = realClock;

  readonly #localize = new LocalizeController(this, enGreeting);
  readonly #view = new ViewTaskController<GreetingView, readonly [string, string]>(this, {
    clock: () => this.clock,
    args: () => [this.name, this.endpoint] as const,
    start: ([name]) => ({ active: name !== '', poll: () => false }),
    fetch: (options) =>
      getView(endpointUrl(this.endpoint, greetingPath(this.name)), readGreetingView, 'a greeting', options),
    isFinal: () => true,
    onView: () => undefined,
    onFailure: (error) => this.fail(error, 'load', this.#localize.term.errors[error.code]),
  });

  constructor() {
    super('region');
  }

  /** Also waits for the greeting being loaded, and its rendering. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    await this.#view.taskComplete;
    if (this.isUpdatePending) complete = await super.getUpdateComplete();
    return complete;
  }

  readonly #wave = (): void => {
    this.dispatchEvent(new PayWaveEvent({ name: this.name }));
  };

  protected override render(): TemplateResult {
    const view = this.#view.view;
    const body = view ? renderGreeting(view, this.#localize.term, this.#wave) : nothing;
    return html`${body} ${this.announcer.render()}`;
  }
}
