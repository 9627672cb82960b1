import type { Analytics } from '@comics/core'
import { useComicsContext } from './useComicsContext'

/**
 * The consent-gated tracker: events are dropped until the user accepts cookies (spec §1).
 * @example
 * const analytics = useAnalytics()
 * analytics.track(ANALYTICS_EVENTS.comicPageView, { comicId })
 */
export function useAnalytics(): Analytics {
  return useComicsContext('useAnalytics').analytics
}
