import { hasSubscription, type Viewer } from '@comics/core'
import { useCoinUnlocks } from './useCoins'
import { useSession } from './useSession'
import { useSubscription } from './useSubscription'

export interface ViewerState extends Viewer {
  /** True while a signed-in viewer's level is not known yet: locks shown now may lift. */
  isPending: boolean
}

/**
 * Who is reading, as the core rules take it: signed in or not, the active level (0 without a
 * subscription) and, for a reader without one, the episodes they unlocked with coins.
 * @example
 * const viewer = useViewer()
 * const locked = isEpisodeLocked(chapter, chapters, viewer)
 */
export function useViewer(): ViewerState {
  const { signedIn } = useSession()
  const { level, isPending } = useSubscription()
  const unlocks = useCoinUnlocks({ enabled: signedIn && !isPending && !hasSubscription(level) })
  return { signedIn, level, isPending, unlockedEpisodeIds: unlocks.episodeIds }
}
