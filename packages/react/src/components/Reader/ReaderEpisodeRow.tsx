import { useId } from 'react'
import type { Chapter } from '@comics/core'
import { useEpisodeAccess, useMessages } from '../../hooks'
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
 */
export function ReaderEpisodeRow({ chapter, chapters, current, uncensored, onChoose }: ReaderEpisodeRowProps) {
  const messages = useMessages()
  const access = useEpisodeAccess(chapter, chapters, { uncensored })
  const titleId = useId()
  return (
    <li
      className="comics-reader-episodes__row"
      data-locked={access.locked ? 'true' : 'false'}
      data-current={current ? 'true' : undefined}
      aria-current={current ? 'page' : undefined}
    >
      <span id={titleId} className="comics-reader-episodes__title">
        {chapter.title}
      </span>
      {access.locked && <LockIcon />}
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
    </li>
  )
}
