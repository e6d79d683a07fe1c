// The small base the elements extend, holding what each would otherwise repeat: its ElementInternals
// (the host's role, custom states, form participation), its polite live region, and the one way a
// failure reaches the shopper and the page (said in the live region, then fired as pay-error).
// The public properties stay on each element, where custom-elements.json reads them with their
// descriptions. <pay-qr> stays a plain LitElement: it uses none of this, and its budget has no room
// for code it would never run.
import { LitElement } from 'lit';
import { AnnouncerController } from '../controllers/announcer.js';
import { PayErrorEvent } from '../events/pay-error.js';
import type { PayErrorDetail } from '../events/pay-error.js';
import type { BackendError } from '../errors.js';
import { showState } from '../lib/element-state.js';

export class PayElement extends LitElement {
  /** Attached once here: a form control's controller and the element share it. */
  protected readonly internals: ElementInternals;
  protected readonly announcer = new AnnouncerController(this);

  /** `role`: the host's ARIA role, if it has one (a region), rather than an inner part. */
  constructor(role?: string) {
    super();
    this.internals = this.attachInternals();
    if (role) this.internals.role = role;
  }

  /** Turns on the custom state `current` of `names` and every other off, and sets the `status` attribute. */
  protected showState<S extends string>(names: readonly S[], current: S | null, status: string | null): void {
    showState(this, this.internals.states, names, current, status);
  }

  /** Turns one custom state (`:state(name)`) on or off. */
  protected setState(name: string, on: boolean): void {
    if (on) this.internals.states.add(name);
    else this.internals.states.delete(name);
  }

  /** A failure as the shopper hears it (`message`) and as the page gets it (pay-error with its detail). */
  protected fail(error: BackendError, operation: PayErrorDetail['operation'], message: string): void {
    this.announcer.announce(message);
    this.dispatchEvent(new PayErrorEvent({ ...error, operation }));
  }
}
