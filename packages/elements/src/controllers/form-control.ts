// Form participation of a form-associated element (`static formAssociated = true`) through its
// ElementInternals: its value in the form data, `required` validity with a message anchored on an
// inner control, and the disabled state a <fieldset> gives. Synced after each update.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

type Host = ReactiveControllerHost & HTMLElement;

export interface FormControlOptions {
  /** The host's internals (attached once, by PayElement). */
  internals: ElementInternals;
  value: () => string;
  required: () => boolean;
  /** The host's own `disabled` (a disabled <fieldset> is added by the controller). */
  disabled: () => boolean;
  /** The validation message when required and empty, in the page's language. */
  missingMessage: () => string;
  /** The inner control the browser points at when it reports the message. */
  anchor: () => HTMLElement | null | undefined;
}

export class FormControlController implements ReactiveController {
  readonly #internals: ElementInternals;
  readonly #host: Host;
  readonly #options: FormControlOptions;
  #fieldsetDisabled = false;

  constructor(host: Host, options: FormControlOptions) {
    this.#host = host;
    this.#options = options;
    this.#internals = options.internals;
    host.addController(this);
  }

  /** Disabled by its own attribute or by a disabled <fieldset> around it. */
  get disabled(): boolean {
    return this.#options.disabled() || this.#fieldsetDisabled;
  }

  /** Call from the host's `formDisabledCallback`. */
  setFormDisabled(disabled: boolean): void {
    this.#fieldsetDisabled = disabled;
    this.#host.requestUpdate();
  }

  hostUpdated(): void {
    this.sync();
  }

  /** Puts the current value in the form and checks it now (before an event tells the page). */
  sync(): void {
    const value = this.#options.value();
    this.#internals.setFormValue(value, value);
    if (this.#options.required() && !value && !this.disabled)
      this.#internals.setValidity(
        { valueMissing: true },
        this.#options.missingMessage(),
        this.#options.anchor() ?? undefined,
      );
    else this.#internals.setValidity({});
  }
}
