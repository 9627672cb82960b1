import type { AnalyticsSink } from '@comics/core'
import type { SiteEnv } from '../config/siteEnv'

/**
 * A sink whose code is fetched with its first event or consent answer: a first visit sends nothing
 * before the visitor's Accept, so its page carries none of it. Events and answers keep their order.
 */
function fetchedWhenUsed(load: () => Promise<AnalyticsSink>): AnalyticsSink {
  let loading: Promise<AnalyticsSink> | undefined
  const sink = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
  const report = (error: unknown) => console.error('Analytics sink failed to load', error)
  return {
    send: (event) => void sink().then((loaded) => loaded.send(event), report),
    consent: (state) => void sink().then((loaded) => loaded.consent?.(state), report),
  }
}

/**
 * Where consented analytics events go: Google Analytics when a measurement id is configured, and the
 * console in development (or in a build made with VITE_ANALYTICS_CONSOLE=1, which the end-to-end tests
 * read). The gtag sink loads gtag.js itself on the visitor's Accept: before an answer, or after Reject,
 * the page sends nothing to Google.
 */
export function analyticsSinks(env: SiteEnv): AnalyticsSink[] {
  const sinks: AnalyticsSink[] = []
  const { gaId } = env
  if (gaId) sinks.push(fetchedWhenUsed(() => import('./sinkParts').then(({ gtagSink }) => gtagSink({ measurementId: gaId }))))
  if (env.analyticsToConsole) sinks.push(fetchedWhenUsed(() => import('./sinkParts').then(({ consoleSink }) => consoleSink())))
  return sinks
}
