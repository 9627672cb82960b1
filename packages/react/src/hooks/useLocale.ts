import { useComicsContext } from './useComicsContext'

/**
 * The provider's locale (default 'en-US'), for plural forms, numbers, prices and dates.
 * @example
 * const locale = useLocale()
 * formatMessage(messages['episodes.count'], { n: chapters.length }, locale)
 * formatMoney(plan.price, locale)
 */
export function useLocale(): string {
  return useComicsContext('useLocale').locale
}
