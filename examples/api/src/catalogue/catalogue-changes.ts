import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Notifications } from '../db/database'
import type { CatalogueCache } from './catalogue-cache'

/** The channel catalogue writes are announced on. */
export const CATALOGUE_CHANNEL = 'catalogue_changed'

/**
 * Keeps this instance's catalogue cache in step with the others on the same database: an invalidation
 * here (an admin write) is sent as a NOTIFY carrying this instance's id; a notification from another
 * instance clears the cache here. A listening connection that was lost and opened again clears it too
 * (what was sent meanwhile is unknown). Resolves with the function that stops listening.
 */
export async function shareCatalogueChanges(
  cache: CatalogueCache,
  notifications: Notifications,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<() => Promise<void>> {
  const instance = randomUUID()
  cache.announce = () => {
    notifications.notify(CATALOGUE_CHANNEL, instance).catch((error: unknown) => {
      // The others' copies then expire with the cache's maximum age.
      log.warn({ err: error }, 'could not announce a catalogue change to the other instances')
    })
  }
  const stop = await notifications.listen(
    CATALOGUE_CHANNEL,
    (payload) => {
      if (payload !== instance) cache.clear()
    },
    () => {
      log.info('catalogue change notifications: listening again')
      cache.clear()
    },
  )
  return async () => {
    cache.announce = undefined
    await stop()
  }
}
