import type { AnalyticsSink } from './sink'

export type Gtag = (...args: unknown[]) => void

/** The part of a browser window gtag.js lives in. */
export interface GtagPage {
  dataLayer?: unknown[]
  gtag?: Gtag
  document: Pick<Document, 'createElement' | 'head'>
}

/** Where gtag.js comes from for a measurement id. */
export const gtagScriptUrl = (measurementId: string) =>
  `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`

/**
 * Installs `gtag` and its queue on the page and appends gtag.js for a measurement id. The `config` it
 * queues sends the page view of the page it runs on. It talks to Google at once, so it is meant to run
 * only once the user has accepted cookies: `gtagSink({ measurementId })` calls it then, and only then.
 * Calling it again does nothing.
 * @example
 * loadGtag('G-XXXXXXX') // after Accept
 */
export function loadGtag(
  measurementId: string,
  page: GtagPage = globalThis as unknown as GtagPage,
  consent: { analyticsStorage: 'granted' | 'denied' } = { analyticsStorage: 'granted' },
): void {
  if (page.gtag && page.dataLayer) return
  const dataLayer = (page.dataLayer ??= [])
  // gtag.js reads the queue as `arguments` objects, not arrays.
  page.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments)
  }
  page.gtag('consent', 'default', { analytics_storage: consent.analyticsStorage, ad_storage: 'denied' })
  page.gtag('js', new Date())
  page.gtag('config', measurementId)
  const script = page.document.createElement('script')
  script.async = true
  script.src = gtagScriptUrl(measurementId)
  page.document.head.append(script)
}

export interface GtagSinkOptions {
  /** The gtag function to call; default the page's `window.gtag`, looked up at each call. */
  gtag?: Gtag
  /**
   * A Google Analytics measurement id: gtag.js is then loaded by the sink itself, on the user's Accept
   * (or on start when Accept is already stored), and never before. Without it the page loads gtag.js
   * itself and is then responsible for not doing so before consent.
   */
  measurementId?: string | undefined
  /** The page gtag.js is loaded on; default the global window. */
  page?: GtagPage
}

/**
 * A sink for Google Analytics through gtag.js in consent mode: the user's choice updates
 * `analytics_storage` ('granted' on accept, 'denied' on reject) and events go as gtag('event', ...).
 * With a `measurementId`, nothing reaches Google until the user accepts: no script download, no hit,
 * no page view (spec §1); Accept loads gtag.js, whose `config` sends the page view.
 * Without `gtag`, the page's `window.gtag` is looked up at each call (never at import), and nothing
 * happens while there is none.
 * @example
 * createAnalytics({ consent, sinks: [gtagSink({ measurementId: 'G-XXXXXXX' })] })
 */
export function gtagSink(options: GtagSinkOptions = {}): AnalyticsSink {
  const { measurementId } = options
  const page = (): GtagPage => options.page ?? (globalThis as unknown as GtagPage)
  const resolve = (): Gtag | undefined => options.gtag ?? page().gtag
  let loaded = false
  return {
    send(event) {
      if (measurementId && !loaded) return
      resolve()?.('event', event.name, event.params)
    },
    consent(state) {
      if (measurementId && !loaded) {
        // A rejection before any Accept leaves Google untouched: there is nothing to deny yet.
        if (state !== 'accepted') return
        loaded = true
        loadGtag(measurementId, page(), { analyticsStorage: 'granted' })
        return
      }
      resolve()?.('consent', 'update', { analytics_storage: state === 'accepted' ? 'granted' : 'denied' })
    },
  }
}
