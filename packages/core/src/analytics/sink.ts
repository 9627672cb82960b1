import type { ConsentState } from '../stores/consent'
import type { AnalyticsEvent } from './events'

/**
 * Where tracked events go. `send` is only ever called after the user accepted cookies; `consent` hears
 * the user's choice (and, on start, a choice already stored) so that a sink can grant or deny storage.
 */
export interface AnalyticsSink {
  send(event: AnalyticsEvent): void
  consent?(state: Exclude<ConsentState, 'unset'>): void
}
