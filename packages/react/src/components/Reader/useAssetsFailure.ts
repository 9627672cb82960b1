import { useEffect, useRef } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { ApiError, routes, type Asset } from '@comics/core'
import { useNavigate, useOnAuthModalClose, useSession } from '../../hooks'
import { useComicsContext } from '../../hooks/useComicsContext'

/** The server refused this viewer the pages (locked episode or variant): 401 signed out, 403 signed in. */
const isAccessRefusal = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403)

/**
 * What the reader does when an episode's pages fail to load (spec §8): the error is logged; a refusal
 * sends a signed-in reader to /premium and opens the sign-in modal for a guest, once per episode, and
 * closing that modal fetches the pages again (spec §4 "Locked access"). Any other failure (network,
 * server) is left to the reader's own retry: it says nothing about the reader's plan.
 * Returns 'refused', 'failed' or null.
 */
export function useAssetsFailure(
  assets: UseQueryResult<Asset[]>,
  episodeKey: string,
  /**
   * Whether a signed-in reader refused this episode is offered to unlock it with coins (then the reader
   * stays, showing the choice, instead of going to /premium); undefined while that is not known yet (the
   * reader's level still loading): then nothing happens until it is. Required, with no default: a default
   * of false would take "not known yet" for "no offer" and send a reader without a subscription away.
   */
  offersCoinUnlock: boolean | undefined,
): 'refused' | 'failed' | null {
  const { authModal } = useComicsContext('Reader')
  const navigate = useNavigate()
  const { signedIn } = useSession()
  const prompted = useRef<string | null>(null)
  const { error } = assets

  useEffect(() => {
    if (!error) return
    console.error('Reader: the pages of the episode could not load', error)
    if (!isAccessRefusal(error)) return
    if (signedIn) {
      if (offersCoinUnlock === false) navigate(routes.premium)
    } else if (prompted.current !== episodeKey) {
      // Once: a guest who closes the modal without signing in sees the lock, not the modal again.
      prompted.current = episodeKey
      authModal.open('sign-in')
    }
  }, [error, signedIn, navigate, authModal, episodeKey, offersCoinUnlock])

  useOnAuthModalClose(() => {
    if (assets.isError) void assets.refetch()
  })

  if (!error) return null
  return isAccessRefusal(error) ? 'refused' : 'failed'
}
