// The one place the elements build their Intl formatters, so that every amount, number, date and
// countdown of a language shows the same digits in every browser. The choice: Latin digits in every
// language, Arabic included, as most Arabic-language payment apps in the markets served show them
// and as the shopper types the amount and account number into their bank app. (Left to the engine,
// WebKit's ICU writes `ar` with Arabic-Indic digits where Chromium and Firefox write Latin ones, and
// every engine writes `ar-EG` with Arabic-Indic digits.)
const latin = { numberingSystem: 'latn' };

export const numberFormat = (locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat =>
  new Intl.NumberFormat(locale, { ...options, ...latin });

export const dateTimeFormat = (locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  new Intl.DateTimeFormat(locale, { ...options, ...latin });

export const relativeTimeFormat = (
  locale: string,
  options?: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat => new Intl.RelativeTimeFormat(locale, { ...options, ...latin });

/** `locale` with the same digits, for Intl.DurationFormat (Chromium ignores its numberingSystem option). */
export const latinLocale = (locale: string): string => new Intl.Locale(locale, latin).toString();

/** A currency's name in `locale` ("US Dollar", "naira nigérian"), or its code where Intl has none. */
export function currencyName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'currency', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}
