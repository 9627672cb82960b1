import type { ConsentState } from '../stores/consent'
import type { ReadableStore } from '../stores/store'
import type { AnalyticsEvent, AnalyticsParams } from './events'
import type { AnalyticsSink } from './sink'

export interface Analytics {
  /**
   * Sends an event to every sink if the user accepted cookies. Before that, or after a rejection, the
   * event is dropped, not queued: nothing tracked without consent is ever sent (spec §1, §7).
   */
  track(name: AnalyticsEvent['name'], params?: AnalyticsParams): void
  /** Stops listening to consent; later events are dropped. */
  dispose(): void
}

/**
 * A tracker gated on cookie consent. Sinks hear the consent choice when it changes (and a stored choice
 * at start); a sink that throws never breaks the page or the other sinks.
 * @example
 * const analytics = createAnalytics({ consent: createConsentStore(storage), sinks: [gtagSink()] })
 * analytics.track(ANALYTICS_EVENTS.comicPageView, { comicId: '7' })
 */
export function createAnalytics(options: {
  consent: ReadableStore<ConsentState>
  sinks: readonly AnalyticsSink[]
}): Analytics {
  const { consent, sinks } = options
  let disposed = false

  const each = (call: (sink: AnalyticsSink) => void) => {
    for (const sink of sinks) {
      try {
        call(sink)
      } catch {
        /* analytics must never break the page */
      }
    }
  }

  let announced: ConsentState = 'unset'
  const announce = () => {
    const state = consent.getSnapshot()
    if (disposed || state === announced || state === 'unset') return
    announced = state
    each((sink) => sink.consent?.(state))
  }
  announce()
  const unsubscribe = consent.subscribe(announce)

  return {
    track(name, params = {}) {
      if (disposed || consent.getSnapshot() !== 'accepted') return
      // Sinks hear the grant before the first event, whatever order the consent listeners ran in.
      announce()
      const event: AnalyticsEvent = { name, params }
      each((sink) => sink.send(event))
    },
    dispose() {
      disposed = true
      unsubscribe()
    },
  }
}
