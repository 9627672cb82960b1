import { useSyncExternalStore } from 'react'
import type { SessionSnapshot } from '@comics/core'
import { SERVER_SESSION } from './serverSnapshots'
import { useComicsContext } from './useComicsContext'

/**
 * The session: auth user and token; `signedIn` when both are present (spec §4).
 * @example
 * const { signedIn, user } = useSession()
 * return signedIn ? <span>{user?.email}</span> : null
 */
export function useSession(): SessionSnapshot {
  const { session } = useComicsContext('useSession').stores
  return useSyncExternalStore(session.subscribe, session.getSnapshot, SERVER_SESSION)
}
