import { isEpisodeLocked, lockedEpisodeAction, readerPath, routes, type Chapter, type EpisodeRef } from '@comics/core'
import { useComicsContext } from './useComicsContext'
import { useViewer } from './useViewer'

export interface EpisodeAccess {
  /** The episode is locked for this viewer (core `isEpisodeLocked`). */
  locked: boolean
  /** What opening a locked episode does: sign in for a guest, /premium when signed in (spec §6). */
  action: 'sign-in' | 'premium' | null
  /** True while a signed-in viewer's level loads: the lock may still lift. */
  isPending: boolean
  /** Opens the episode, or performs `action`: the sign-in modal, or navigation to /premium. */
  open(): void
}

/**
 * Whether a viewer may open an episode, and the one way to open it: one rule decides (core), every
 * list, row and reader button calls `open`.
 * @example
 * const access = useEpisodeAccess(chapter, chapters)
 * <button onClick={access.open}>{access.locked && <LockIcon />}Open</button>
 */
export function useEpisodeAccess(
  chapter: Pick<Chapter, 'id' | 'comicsId' | 'chapterNumber'>,
  chapters: readonly EpisodeRef[],
  options: { uncensored?: boolean } = {},
): EpisodeAccess {
  const { navigate, authModal } = useComicsContext('useEpisodeAccess')
  const viewer = useViewer()
  const locked = isEpisodeLocked(chapter, chapters, viewer)
  const action = locked ? lockedEpisodeAction(viewer) : null
  return {
    locked,
    action,
    isPending: viewer.isPending,
    open() {
      if (action === 'sign-in') authModal.open('sign-in')
      else if (action === 'premium') navigate(routes.premium)
      else navigate(readerPath(chapter.comicsId, chapter.id, { uncensored: options.uncensored }))
    },
  }
}
