import type { AnalyticsSink } from './sink'

export type Gtag = (...args: unknown[]) => void

/**
 * A sink for Google Analytics through gtag.js in consent mode: the user's choice updates
 * `analytics_storage` ('granted' on accept, 'denied' on reject) and events go as gtag('event', ...).
 * Without `gtag`, the page's `window.gtag` is looked up at each call (never at import), and nothing
 * happens while there is none. The page sets the consent default ('denied') in its gtag snippet.
 * @example
 * createAnalytics({ consent, sinks: [gtagSink()] })
 */
export function gtagSink(options: { gtag?: Gtag } = {}): AnalyticsSink {
  const resolve = (): Gtag | undefined =>
    options.gtag ?? (globalThis as { gtag?: Gtag }).gtag
  return {
    send(event) {
      resolve()?.('event', event.name, event.params)
    },
    consent(state) {
      resolve()?.('consent', 'update', { analytics_storage: state === 'accepted' ? 'granted' : 'denied' })
    },
  }
}
