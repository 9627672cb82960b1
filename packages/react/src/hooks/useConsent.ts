import { useSyncExternalStore } from 'react'
import type { ConsentState } from '@comics/core'
import { SERVER_CONSENT } from './serverSnapshots'
import { useComicsContext } from './useComicsContext'

export interface ConsentHandle {
  /** 'unset' until the user chooses (spec §4). */
  state: ConsentState
  accept(): void
  reject(): void
}

/**
 * The cookie consent choice; accepting lets analytics events through.
 * @example
 * const { state, accept, reject } = useConsent()
 * if (state === 'unset') return <Banner onAccept={accept} onReject={reject} />
 */
export function useConsent(): ConsentHandle {
  const { consent } = useComicsContext('useConsent').stores
  const state = useSyncExternalStore(consent.subscribe, consent.getSnapshot, SERVER_CONSENT)
  return { state, accept: consent.accept, reject: consent.reject }
}
