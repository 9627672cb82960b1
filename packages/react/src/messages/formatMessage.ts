import { POLICY } from '@comics/core'
import { numberFormat, pluralRules } from './localeFormats'

/**
 * A message that depends on a count: one form per plural category of `Intl.PluralRules` for the
 * provider's locale (`zero`, `one`, `two`, `few`, `many`), `other` for the rest. The form is picked by
 * the value `n`; a partner overrides the whole message, with the categories of their language.
 * @example { one: '{n} Episode', other: '{n} Episodes' }
 * @example { one: '{n} Folge', other: '{n} Folgen' } // with locale 'de-DE'
 */
export type PluralMessage = Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>

/** A visible string: plain, or with plural forms. */
export type Message = string | PluralMessage

/** Values for the `{name}` placeholders of a message. */
export type MessageValues = Readonly<Record<string, string | number>>

/** The kit's default locale for plurals, numbers, money and dates. */
export const DEFAULT_LOCALE = 'en-US'

/**
 * Fills the `{name}` placeholders of a message; a placeholder without a value stays as written, so a
 * missing value shows up in review rather than as an empty gap. A {@link PluralMessage} takes the form
 * of `values.n`'s plural category in `locale`, and its numbers are written as the locale writes them.
 * @example
 * formatMessage(messages['episodes.count'], { n: 1 }) // '1 Episode'
 * formatMessage(messages['episodes.count'], { n: 12 }) // '12 Episodes'
 * formatMessage("Continue reading '{chapterTitle}'", { chapterTitle: 'Episode 2' })
 */
export function formatMessage(message: Message, values: MessageValues = {}, locale: string = DEFAULT_LOCALE): string {
  const plural = typeof message !== 'string'
  const template = plural ? (message[pluralRules(locale).select(Number(values.n))] ?? message.other) : message
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? (plural ? values[name]!.toLocaleString(locale) : String(values[name])) : placeholder,
  )
}

/**
 * An amount of money in the locale's way; the kit's prices are US dollars (spec §9).
 * @example formatMoney(7.99) // '$7.99'; formatMoney(7.99, 'de-DE') // '7,99 $'
 */
export function formatMoney(amount: number, locale: string = DEFAULT_LOCALE, currency: string = POLICY.currency): string {
  return numberFormat(locale, { style: 'currency', currency }).format(amount)
}
