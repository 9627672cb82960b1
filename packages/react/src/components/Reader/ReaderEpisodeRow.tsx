import { useId } from 'react'
import { EPISODE_COIN_PRICE, isUnlockedByReader, offersCoinUnlock, readerPath, type Chapter } from '@comics/core'
import { useEpisodeAccess, useLink, useMessages, useViewer } from '../../hooks'
import { formatMessage, EPISODE_MESSAGES } from '../../messages'
import { LockIcon } from '../EpisodeList/LockIcon'

export interface ReaderEpisodeRowProps {
  chapter: Chapter
  chapters: readonly Chapter[]
  current: boolean
  uncensored: boolean
  /** Called before the episode opens (or its locked action runs): the overlay closes. */
  onChoose(): void
}

/**
 * A row of the reader's 'List Episodes' overlay: the title, a lock on a locked episode and 'Open',
 * which opens the episode or runs core's locked action (sign-in modal for a guest, /premium signed in).
 * A signed-in reader without a subscription also gets 'Unlock for 10 coins' on a locked row (core
 * `offersCoinUnlock`, never in the uncensored edition): it opens that episode, where the unlock is offered.
 * An episode the reader unlocked (coins, or free after a wait) is marked 'Unlocked' (core `isUnlockedByReader`).
 */
export function ReaderEpisodeRow({ chapter, chapters, current, uncensored, onChoose }: ReaderEpisodeRowProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  const access = useEpisodeAccess(chapter, chapters, { uncensored })
  const viewer = useViewer()
  const Link = useLink()
  const coinUnlock = access.locked && !access.isPending && offersCoinUnlock(chapter, chapters, viewer, { uncensored })
  const unlocked = !access.locked && isUnlockedByReader(chapter, chapters, viewer)
  const titleId = useId()
  return (
    <li
      className="comics-reader-episodes__row"
      data-locked={access.locked ? 'true' : 'false'}
      data-current={current ? 'true' : undefined}
      data-unlocked={unlocked ? 'true' : undefined}
      aria-current={current ? 'page' : undefined}
    >
      <span id={titleId} className="comics-reader-episodes__title">
        {chapter.title}
      </span>
      {access.locked && <LockIcon />}
      {unlocked && <span className="comics-episode-unlocked">{messages['coins.unlocked']}</span>}
      <button
        type="button"
        className="comics-button comics-reader-episodes__open"
        aria-describedby={titleId}
        disabled={access.locked && access.isPending}
        onClick={() => {
          onChoose()
          access.open()
        }}
      >
        {messages['episodes.open']}
      </button>
      {coinUnlock && (
        <Link to={readerPath(chapter.comicsId, chapter.id)} className="comics-link comics-reader-episodes__unlock" aria-describedby={titleId} onClick={onChoose}>
          {formatMessage(messages['coins.unlock'], { price: EPISODE_COIN_PRICE })}
        </Link>
      )}
    </li>
  )
}
