import { hasSubscription } from '@comics/core'
import { useEffect } from 'react'
import { useCoinUnlocks } from './useCoins'
import { useComicsContext } from './useComicsContext'
import { useOnline } from './useOnline'
import { useSession } from './useSession'
import { useSubscription } from './useSubscription'

/**
 * Removes the downloads the reader may no longer keep (core `downloadsToRemove`: a subscription that has
 * ended locks its episodes again), once online and with the reader's subscription and coin unlocks as the
 * API says now; never on what an offline or failed call left unknown. Render it once, on every screen.
 * @example
 * useRemoveRevokedDownloads()
 */
export function useRemoveRevokedDownloads(): void {
  const { stores } = useComicsContext('useRemoveRevokedDownloads')
  const online = useOnline()
  const { signedIn } = useSession()
  const subscription = useSubscription()
  const unlocks = useCoinUnlocks({ enabled: signedIn && !subscription.isPending && !hasSubscription(subscription.level) })
  const known = online && !subscription.isPending && !subscription.error && !unlocks.isPending && !unlocks.error
  const { level } = subscription
  const { episodeIds } = unlocks
  useEffect(() => {
    if (!known) return
    void stores.downloads.removeRevoked({ signedIn, level, unlockedEpisodeIds: episodeIds })
  }, [known, signedIn, level, episodeIds, stores.downloads])
}
