/**
 * The locale's formatters, made once per locale and options and kept for the process: a date's or a
 * number's `toLocale…String` with options, and each `new Intl.PluralRules`, builds a formatter at every
 * call, which a list rendered on the server paid once per row and per request (docs/performance.md). The keys are the provider's locale and the options written in the
 * kit's components: a handful in a process.
 */
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.PluralRules>()

function cached<Format extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.PluralRules>(key: string, make: () => Format): Format {
  let format = formats.get(key) as Format | undefined
  if (!format) {
    format = make()
    formats.set(key, format)
  }
  return format
}

/** `new Intl.DateTimeFormat(locale, options)`, once. */
export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  cached(`date ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options))

/** `new Intl.NumberFormat(locale, options)`, once. */
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat =>
  cached(`number ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options))

/** `new Intl.PluralRules(locale)`, once. */
export const pluralRules = (locale: string): Intl.PluralRules => cached(`plural ${locale}`, () => new Intl.PluralRules(locale))
