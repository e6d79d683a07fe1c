// <pay-qr> is defined the first time an element shows one, not when the element loads: most pages
// never show a QR code (`show-qr` is off by default), so its code stays out of their first load.

/** Loads and defines <pay-qr> once; a no-op where it is defined or there is no registry (Node). */
export function defineQrOnce(): void {
  if (typeof customElements !== 'undefined' && !customElements.get('pay-qr'))
    void import('../define/pay-qr.js');
}
