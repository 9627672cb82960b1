import { useId } from 'react'
import { EPISODE_COIN_PRICE, isUnlockedByReader, offersCoinUnlock, offersWaitForFree, readerPath, type Chapter, type EpisodeReactions } from '@comics/core'
import { useEpisodeAccess, useLink, useLocale, useMessages, useViewer, useWaitForFree } from '../../hooks'
import { formatMessage, EPISODE_MESSAGES } from '../../messages'
import { COMMENT_MESSAGES } from '../../messages/commentMessages'
import { dateFormat } from '../../messages/localeFormats'
import { useAppRunning } from '../../hooks/serverSnapshots'
import { DownloadButton } from '../DownloadButton'
import { LockIcon } from './LockIcon'

export interface EpisodeRowProps {
  chapter: Chapter
  /** Every episode of the comic: locking goes by position among them (core `isEpisodeLocked`). */
  chapters: readonly Chapter[]
  uncensored?: boolean
  /** Out since the reader last read this followed comic: marked 'NEW' until they read it. */
  isNew?: boolean
  /** The episode's likes and comments, shown under its title when it has any. */
  reactions?: EpisodeReactions
}

/**
 * One row of the episode list: preview image (its box alone until the app runs a page rendered on the
 * server), title, publish date, a lock on a locked episode. The thumbnail and title are the row's one
 * control, named 'Open {title}' (no bare 'Open' repeated on every row): an
 * unlocked episode is a real link to the reader (it opens in a new tab too); a locked one is a button
 * whose action is core's: the sign-in modal for a guest, /premium when signed in (spec §6). A signed-in
 * reader without a subscription also gets 'Unlock for 10 coins' on a locked row (core `offersCoinUnlock`,
 * never in the uncensored edition): a link to the reader on that episode, where the unlock is offered; on a
 * comic that frees episodes after a wait, 'Free now' or 'Free in 23:41' beside it (core `offersWaitForFree`).
 * An episode the reader unlocked (coins, or free after a wait) is marked 'Unlocked' (core `isUnlockedByReader`).
 */
export function EpisodeRow({ chapter, chapters, uncensored, isNew = false, reactions }: EpisodeRowProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  const commentMessages = useMessages(COMMENT_MESSAGES)
  const locale = useLocale()
  const Link = useLink()
  const access = useEpisodeAccess(chapter, chapters, { uncensored })
  const viewer = useViewer()
  const coinUnlock = access.locked && !access.isPending && offersCoinUnlock(chapter, chapters, viewer, { uncensored })
  // Free after a wait: asked only for a row that offers coins (a signed-in reader without a subscription).
  const waitForFree = useWaitForFree(coinUnlock ? chapter.comicsId : undefined)
  const free = coinUnlock && waitForFree.countdown && offersWaitForFree(chapter, chapters, viewer, waitForFree.setting) ? waitForFree.countdown : undefined
  const unlocked = !access.locked && isUnlockedByReader(chapter, chapters, viewer)
  const titleId = useId()
  // Decorative, and often below the comic's cover: on a page rendered on the server the previews are
  // asked for once the app runs, so that the cover and the scripts have the connection first.
  const appRunning = useAppRunning()
  const name = formatMessage(messages['episodes.openEpisode'], { title: chapter.title })
  const published = chapter.publishAt ? new Date(chapter.publishAt) : null
  const date = published && !Number.isNaN(published.getTime()) ? dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(published) : null
  const counts =
    reactions && (reactions.likes > 0 || reactions.comments > 0)
      ? `${formatMessage(commentMessages['likes.count'], { n: reactions.likes }, locale)} · ${formatMessage(commentMessages['comments.count'], { n: reactions.comments }, locale)}`
      : null
  const hasDetails = unlocked || isNew || date !== null || counts !== null
  // The thumbnail and the title: the row's one link (or, locked, button). Its name says what its text
  // says ('Open {title}'), so the marks and counts sit beside it, not in it (WCAG 2.5.3, label in name).
  const main = (
    <>
      {chapter.previewImageUrl && appRunning ? (
        // The title beside it names the row: the preview is decorative.
        <img className="comics-episode-row__preview" src={chapter.previewImageUrl} alt="" loading="lazy" decoding="async" width={160} height={90} />
      ) : (
        <span className="comics-episode-row__preview" aria-hidden="true" />
      )}
      {/* Only the title describes the row's other links. */}
      <span className="comics-episode-row__title" id={titleId}>
        {chapter.title}
      </span>
      {/* The button's name says it is locked. */}
      {access.locked && <LockIcon className="comics-episode-row__lock" decorative />}
    </>
  )
  // What is known of the episode, under its title: its marks, publish date, likes and comments.
  const details = hasDetails && (
    <span className="comics-episode-row__meta">
      {unlocked && <span className="comics-episode-unlocked">{messages['coins.unlocked']}</span>}
      {isNew && <span className="comics-episode-row__new">{messages['episodes.new']}</span>}
      {date !== null && <span className="comics-episode-row__date">{date}</span>}
      {counts !== null && <span className="comics-episode-row__reactions">{counts}</span>}
    </span>
  )
  return (
    <li
      className="comics-episode-row"
      data-locked={access.locked ? 'true' : 'false'}
      data-coin-unlock={coinUnlock ? 'true' : undefined}
      data-new={isNew ? 'true' : undefined}
      data-unlocked={unlocked ? 'true' : undefined}
      data-details={hasDetails ? 'true' : undefined}
    >
      {access.locked ? (
        <button
          type="button"
          className="comics-episode-row__open"
          aria-label={`${name}, ${messages['episodes.locked']}`}
          // While a signed-in viewer's level loads the lock may still lift: do not send them to /premium yet.
          disabled={access.isPending}
          onClick={access.open}
        >
          {main}
        </button>
      ) : (
        <Link to={readerPath(chapter.comicsId, chapter.id, { uncensored })} className="comics-episode-row__open" aria-label={name}>
          {main}
        </Link>
      )}
      {details}
      {!access.locked && <DownloadButton comicId={chapter.comicsId} chapterId={chapter.id} uncensored={uncensored} episodeTitle={chapter.title} className="comics-episode-row__download" keepRoom />}
      {coinUnlock && (
        <span className="comics-episode-row__offers">
          {free && (
            <Link
              to={readerPath(chapter.comicsId, chapter.id)}
              className="comics-link comics-episode-row__free comics-wait-for-free"
              data-state={free.ready ? 'ready' : 'waiting'}
              aria-describedby={titleId}
            >
              {free.ready ? messages['waitForFree.freeNow'] : formatMessage(messages['waitForFree.freeIn'], { time: free.text })}
            </Link>
          )}
          <Link to={readerPath(chapter.comicsId, chapter.id)} className="comics-link comics-episode-row__unlock" aria-describedby={titleId}>
            {formatMessage(messages['coins.unlock'], { price: EPISODE_COIN_PRICE })}
          </Link>
        </span>
      )}
    </li>
  )
}
