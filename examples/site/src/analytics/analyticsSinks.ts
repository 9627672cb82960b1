import { consoleSink, gtagSink, type AnalyticsSink } from '@comics/core'
import type { SiteEnv } from '../config/siteEnv'
import { loadGtag } from './loadGtag'

/**
 * Where consented analytics events go: Google Analytics when a measurement id is configured, and the
 * console in development (or in a build made with VITE_ANALYTICS_CONSOLE=1, which the end-to-end tests
 * read).
 */
export function analyticsSinks(env: SiteEnv): AnalyticsSink[] {
  const sinks: AnalyticsSink[] = []
  if (env.gaId) {
    loadGtag(env.gaId)
    sinks.push(gtagSink())
  }
  if (env.analyticsToConsole) sinks.push(consoleSink())
  return sinks
}
