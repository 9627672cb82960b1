import { useSyncExternalStore } from 'react'
import { SERVER_AGE_PASSED } from './serverSnapshots'
import { useComicsContext } from './useComicsContext'

export interface AgeVerificationHandle {
  /** The user answered Yes once (stored as isUserPassAgeVerification). */
  passed: boolean
  /** The age gate must show: adult mode and not passed (spec §2). */
  required: boolean
  /** The user answered Yes. */
  confirm(): void
}

/**
 * The age verification of adult mode.
 * @example
 * const { required, confirm } = useAgeVerification()
 * if (required) return <AgeGate onYes={confirm} />
 */
export function useAgeVerification(): AgeVerificationHandle {
  const { stores, siteMode } = useComicsContext('useAgeVerification')
  const { ageGate } = stores
  const passed = useSyncExternalStore(ageGate.subscribe, ageGate.getSnapshot, SERVER_AGE_PASSED)
  return { passed, required: siteMode === 'adult' && !passed, confirm: ageGate.confirm }
}
