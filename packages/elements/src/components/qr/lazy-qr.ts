// <pay-qr> is defined the first time an element shows one, not when the element loads: most pages
// never show a QR code (`show-qr` is off by default), so its code stays out of their first load.
// Registered by the rule of define/pay-qr.ts (which the elements do not import: it is above them).

/** Loads and defines <pay-qr> once; a no-op where it is defined or there is no registry (Node). */
export function defineQrOnce(): void {
  if (typeof customElements !== 'undefined' && !customElements.get('pay-qr'))
    void import('./qr.js').then(({ PayQr }) => {
      if (!customElements.get('pay-qr')) customElements.define('pay-qr', PayQr);
    });
}
