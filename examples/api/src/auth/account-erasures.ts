import type { FastifyBaseLogger } from 'fastify'
import type { Notifications } from '../db/database'
import type { TokenVerifier } from './token-verifier'

/** The channel an erased account is announced on, as catalogue writes are (catalogue-changes.ts). */
export const ACCOUNT_ERASED_CHANNEL = 'account_erased'

/**
 * Every instance on the database forgets an erased account's remembered tokens at once: the instance that
 * erased it announces the uid, the others drop it from their verifier's memory, so its token is looked up
 * again (and refused: the account is gone) on its next request. Resolves with the function that stops listening.
 */
export async function shareAccountErasures(
  verifier: TokenVerifier,
  notifications: Notifications,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<() => Promise<void>> {
  return notifications.listen(ACCOUNT_ERASED_CHANNEL, (uid) => verifier.forget?.(uid), () => {
    log.info('account erasure notifications: listening again')
    verifier.forget?.()
  })
}
