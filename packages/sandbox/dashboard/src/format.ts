// Money and times for the tables, through Intl, in the browser's locale.
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** `"5000.00"` in `ngn` → `NGN 5,000.00` in the page's locale. */
export function money(amount: string | number, currency: string): string {
  const code = currency.toUpperCase();
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency: code, currencyDisplay: 'code' });
    moneyFormats.set(code, format);
  }
  return format.format(Number(amount));
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export function time(iso: string | null | undefined): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : timeFormat.format(ms);
}
