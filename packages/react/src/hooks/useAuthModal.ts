import { useSyncExternalStore } from 'react'
import type { AuthModalMode } from '../provider/authModalController'
import { useComicsContext } from './useComicsContext'

export interface AuthModalHandle {
  isOpen: boolean
  mode: AuthModalMode
  /** Opens the modal, in sign-in mode unless told otherwise (spec §4); a click event counts as no mode. */
  openAuthModal(mode?: AuthModalMode | { type: string }): void
  closeAuthModal(): void
  setMode(mode: AuthModalMode): void
}

/**
 * The shared auth modal: any control opens it, the one AuthModal of the page renders it.
 * @example
 * const { openAuthModal } = useAuthModal()
 * return <button onClick={() => openAuthModal()}>Sign In</button>
 */
export function useAuthModal(): AuthModalHandle {
  const { authModal } = useComicsContext('useAuthModal')
  const state = useSyncExternalStore(authModal.subscribe, authModal.getSnapshot, authModal.getSnapshot)
  return {
    isOpen: state.open,
    mode: state.mode,
    openAuthModal: authModal.open,
    closeAuthModal: authModal.close,
    setMode: authModal.setMode,
  }
}
