import type { AnalyticsSink } from './sink'

/**
 * A sink for development: it prints each event and consent change instead of sending it.
 * @example
 * createAnalytics({ consent, sinks: [import.meta.env.DEV ? consoleSink() : gtagSink()] })
 */
export function consoleSink(
  options: { logger?: Pick<Console, 'info'> } = {},
): AnalyticsSink {
  const logger = options.logger ?? console
  return {
    send(event) {
      logger.info('[analytics]', event.name, event.params)
    },
    consent(state) {
      logger.info('[analytics] consent', state)
    },
  }
}
