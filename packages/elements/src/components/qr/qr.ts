import { LitElement, html, nothing } from 'lit';
import type { PropertyDeclarations, PropertyValues, TemplateResult } from 'lit';
import { LocalizeController } from '../../controllers/localize.js';
import { enQr } from '../../i18n/en/qr.js';
import { modulesPath, quietZone } from '../../lib/qr-path.js';
import type { PayTheme } from '../../styles/theme.js';
import styles from './qr.styles.js';

/** Whether a failure to load the encoder was said on the console (once a page). */
let reported = false;

/**
 * Draws nothing when `value` is empty or too long for a QR code. The encoder (the `qrcode` package) is
 * loaded on first use, so a page that shows no QR code never downloads it; `updateComplete` resolves
 * once the code is drawn.
 *
 * @summary A QR code of `value`, drawn as SVG (one path, no canvas), sized by CSS.
 *
 * @csspart svg - The <svg>.
 * @csspart background - The light ground, quiet zone included.
 * @csspart modules - The dark modules (one <path>).
 *
 * @cssproperty --pay-qr-size - Width and height. Default 12rem.
 * @cssproperty --pay-qr-color - The modules' colour. Default black (keep it dark on light for scanners).
 * @cssproperty --pay-qr-background - The ground's colour. Default white.
 * @cssproperty --pay-radius - Corner radius of the ground.
 *
 * A caption given as its next sibling (`<figure><pay-qr></pay-qr><figcaption>`) is hidden while no
 * code is drawn: for an empty value, one too long, or an encoder that failed to load.
 *
 * The code stays dark on light in every theme and under forced colours (many phone scanners fail on
 * inverted codes); `theme` is accepted for consistency with the other elements.
 */
export class PayQr extends LitElement {
  static override styles = styles;
  static override properties: PropertyDeclarations = {
    value: { attribute: 'value' },
    label: { attribute: 'label' },
    theme: { reflect: true, attribute: 'theme' },
    errorCorrection: { attribute: 'error-correction' },
    path: { state: true },
    size: { state: true },
  };

  /** The text to encode: usually a URL. */
  value = '';

  /** Accessible name of the image; defaults to "QR code" in the page's language. */
  label = '';

  /** Colour scheme, as on the other elements: `auto`, `light`, `dark` or `high-contrast`. The code itself stays dark on light. */
  theme: PayTheme = 'auto';

  /** Error correction level: L, M (default), Q or H. */
  // spelled out rather than taken from @types/qrcode, a dev dependency a merchant's tsc cannot see
  errorCorrection: 'L' | 'M' | 'Q' | 'H' = 'M';

  private path = '';
  private size = 0;

  readonly #localize = new LocalizeController(this, enQr);

  /** The number of modules on a side (without the quiet zone), or 0 when nothing is drawn. */
  get moduleCount(): number {
    return this.size;
  }

  /** The drawing under way, awaited by `updateComplete`. */
  #drawing: Promise<void> = Promise.resolve();
  /** Bumped by each draw, so that a slow earlier draw never overwrites a later one. */
  #drawCount = 0;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('value') || changed.has('errorCorrection')) this.#drawing = this.#draw();
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    await this.#drawing;
    if (this.isUpdatePending) complete = await super.getUpdateComplete();
    return complete;
  }

  async #draw(): Promise<void> {
    const count = ++this.#drawCount;
    const value = this.value;
    const errorCorrectionLevel = this.errorCorrection;
    let path = '';
    let size = 0;
    if (value) {
      try {
        const encoder = await import('qrcode');
        // a bundler's chunk of the CommonJS qrcode may have it on `default` only (esbuild's with
        // splitting: pay-service's hosted pages drew no code)
        const create = encoder.create ?? (encoder as unknown as { default: typeof encoder }).default.create;
        const { modules } = create(value, { errorCorrectionLevel });
        path = modulesPath(modules);
        size = modules.size;
      } catch (error) {
        // too long to encode: draw nothing rather than a wrong code; a module that failed to load or
        // has no encoder (a TypeError in every engine) is said once, and no caption shows for it
        if (error instanceof TypeError && !reported) {
          reported = true;
          console.error('<pay-qr>', error);
        }
      }
    }
    if (count !== this.#drawCount) return;
    this.path = path;
    this.size = size;
    const caption = this.nextElementSibling;
    if (caption?.localName === 'figcaption') (caption as HTMLElement).hidden = !size;
  }

  protected override render(): TemplateResult | typeof nothing {
    if (!this.size) return nothing;
    const side = this.size + quietZone * 2;
    return html`
      <svg
        part="svg"
        role="img"
        aria-label=${this.label || this.#localize.term.qrCode}
        viewBox="0 0 ${side} ${side}"
        shape-rendering="crispEdges"
        focusable="false"
      >
        <rect part="background" width=${side} height=${side}></rect>
        <path part="modules" d=${this.path}></path>
      </svg>
    `;
  }
}
