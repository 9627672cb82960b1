import { consoleSink, gtagSink, type AnalyticsSink } from '@comics/core'
import type { SiteEnv } from '../config/siteEnv'

/**
 * Where consented analytics events go: Google Analytics when a measurement id is configured, and the
 * console in development (or in a build made with VITE_ANALYTICS_CONSOLE=1, which the end-to-end tests
 * read). The gtag sink loads gtag.js itself on the visitor's Accept: before an answer, or after Reject,
 * the page sends nothing to Google.
 */
export function analyticsSinks(env: SiteEnv): AnalyticsSink[] {
  const sinks: AnalyticsSink[] = []
  if (env.gaId) sinks.push(gtagSink({ measurementId: env.gaId }))
  if (env.analyticsToConsole) sinks.push(consoleSink())
  return sinks
}
