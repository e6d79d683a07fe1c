// The rules the elements share, one module each so that a bundle keeps only those its element uses.
// An element composes them after the tokens and before its own rules: `static styles = [tokens, card,
// …, own]`; its own rules come last, so they refine these at equal specificity. Some are declarations,
// not rules (`focusRing`, `filledButton`, `raisedBox`, `buttonShape`): interpolate them into a rule of
// the element's own selector, `[part='x']:focus-visible { ${focusRing} }`.
import { host } from './host.styles.js';
import { surface } from './surface.styles.js';
import { buttons } from './buttons.styles.js';
import { embeddedQr } from './embedded-qr.styles.js';
import { spinner } from './spinner.styles.js';
import { visuallyHidden } from './visually-hidden.styles.js';

/**
 * What every card-like element (dynamic account, invoice view, link) starts from: its box, its
 * surface, buttons, an embedded QR code (its caption: qrFigure), the spinner and visually hidden text.
 */
export const card = [host, surface, buttons, embeddedQr, spinner, visuallyHidden];
