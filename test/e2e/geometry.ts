// What a shopper sees of a page, measured in the page in any engine (engines.ts runs it): every amount,
// account number and reference on one line and inside the viewport, no sideways scroll, each label
// apart from its value (no box of a detail row over another), and a QR code drawn wherever its
// caption shows. Page-side source is a string, so no compiler helper gets into it.

/** One figure a shopper reads (an amount, an account number, a reference) and the lines it took. */
export interface Figure {
  text: string;
  lines: number;
}

export interface Seen {
  /** what a shopper would notice, in words; empty when nothing */
  problems: string[];
  /** every amount, account number and reference shown, with its line count */
  figures: Figure[];
  /** QR codes drawn (an SVG of nonzero size) */
  drawnQrs: number;
}

/** `(wantQr, ignored) => Seen`: the page as it is now, less what matches the selector `ignored`. */
export const measure = `(wantQr, ignored) => {
  const problems = [];
  const figures = [];
  const page = document.documentElement;
  const width = page.clientWidth;
  if (page.scrollWidth > width) problems.push('the page scrolls sideways: ' + page.scrollWidth + ' > ' + width + ' px');
  const all = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      all.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) return false;
    for (let n = el; n; n = n.parentElement || (n.getRootNode() && n.getRootNode().host) || null) {
      const style = getComputedStyle(n);
      if (style.display === 'none' || style.visibility === 'hidden') return false;
    }
    return true;
  };
  // inside a box that scrolls or clips sideways (a code sample): its own business, not the page's
  const inScroller = (el) => {
    for (let n = el; n && n !== document.body; n = n.parentElement || (n.getRootNode() && n.getRootNode().host) || null)
      if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(n).overflowX)) return true;
    return false;
  };
  const name = (el) => el.getAttribute('part') || el.className || el.localName;
  const lineCount = (rects) => {
    const tops = [];
    for (const r of rects) if (r.width > 0 && !tops.some((t) => Math.abs(t - r.top) < 3)) tops.push(r.top);
    return tops.length;
  };
  // an amount (with its currency), a grouped account number, a reference (R-000001, TRF-9F8E…, txn_…)
  const token = /(?:[A-Z]{3}[\\u00a0 ]?|[\\u20a6$\\u20ac\\u00a3])?\\d[\\d,.]*\\d(?:[\\u00a0 ]\\d{3,4}(?![\\d,.]))*|\\b[A-Z]{1,4}-[0-9A-Z]{3,}\\b|\\b(?:txn|ref|ses)_[A-Za-z0-9_]+/g;
  for (const el of all) {
    if (el.localName === 'style' || el.localName === 'script' || (ignored && el.closest(ignored)) || !shown(el)) continue;
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      for (const match of node.data.matchAll(token)) {
        if (match[0].length < 5) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()];
        if (rects.length === 0) continue;
        const lines = lineCount(rects);
        const text = match[0].replace(/\\u00a0/g, ' ');
        figures.push({ text, lines });
        if (lines > 1) problems.push('"' + text + '" breaks across ' + lines + ' lines (' + name(el) + ')');
        const box = range.getBoundingClientRect();
        if ((box.left < -0.5 || box.right > width + 0.5) && !inScroller(el))
          problems.push('"' + text + '" outside the viewport [' + Math.round(box.left) + ', ' + Math.round(box.right) + '] of ' + width);
      }
    }
  }
  // a label and its value: apart when side by side, and no box of the row over another
  const extent = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return range.getBoundingClientRect();
  };
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  for (const dt of all) {
    if (dt.localName !== 'dt' || !shown(dt)) continue;
    const dd = dt.nextElementSibling;
    if (!dd || dd.localName !== 'dd' || !shown(dd)) continue;
    const label = extent(dt);
    const boxes = [...dd.children].filter(shown).map((c) => c.getBoundingClientRect());
    if (boxes.length === 0 || [...dd.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.data.trim())) boxes.push(extent(dd));
    const said = dt.textContent.trim();
    for (const box of boxes) {
      if (overlap(label, box)) problems.push('label "' + said + '" over its value');
      const sideBySide = Math.min(label.bottom, box.bottom) - Math.max(label.top, box.top) > 1;
      const gap = Math.max(box.left - label.right, label.left - box.right);
      if (sideBySide && gap < 6) problems.push('label "' + said + '" touches its value (' + gap.toFixed(1) + ' px apart)');
    }
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++)
        if (overlap(boxes[i], boxes[j])) problems.push('two boxes of "' + said + '"\\'s value overlap');
  }
  // a QR code's caption only under a drawn code
  let drawnQrs = 0;
  for (const qr of all) {
    if (qr.localName !== 'pay-qr') continue;
    const svg = qr.shadowRoot && qr.shadowRoot.querySelector('svg');
    const drawn = Boolean(svg) && shown(svg);
    if (drawn) drawnQrs++;
    const caption = qr.parentElement && qr.parentElement.querySelector('figcaption');
    if (!drawn && caption && shown(caption)) problems.push('the caption "' + caption.textContent.trim() + '" under no QR code');
  }
  if (wantQr && drawnQrs === 0) problems.push('no QR code drawn');
  return { problems, figures, drawnQrs };
}`;
