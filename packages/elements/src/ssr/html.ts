// Writing HTML on a server: text and attribute values escaped, and data for a page's script as a
// <script type="application/json"> whose content cannot close it.

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}

export const attribute = escapeHtml;

/** `value` as JSON in a script element: `<` (and the line separators) escaped, so `</script>` cannot occur. */
export function jsonScript(value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json">${json}</script>`;
}
