import { useId } from 'react'
import { isUnlockedByReader, isFreeEpisode, lockedEpisodeOffer, nextEpisode, readerPath, routes } from '@comics/core'
import { useChapters, useLink, useMessages, useNavigate, useViewer } from '../../hooks'
import { EPISODE_MESSAGES } from '../../messages'
import { LockIcon } from '../EpisodeList/LockIcon'
import { EpisodeUnlock } from '../EpisodeUnlock/EpisodeUnlock'

export interface EpisodeEndCardProps {
  comicId: string
  /** The episode just read: the card is about the one after it. */
  chapterId: string
  /** The uncensored edition: only a subscription opens it, so a locked next episode offers /premium alone. */
  uncensored?: boolean
  /** The heading's level: 2 at the end of the strip (default), 3 inside a dialog titled by its own h2. */
  headingLevel?: 2 | 3
  /** Called before the card opens an episode (a dialog that holds it closes). */
  onChoose?(): void
  className?: string
}

/** What the card offers, as its `data-state`. */
type EndCardState = 'loading' | 'caught-up' | 'open' | 'sign-in' | 'unlock-or-subscribe' | 'subscribe'

/**
 * The card at the end of an episode: the next episode's thumbnail and title, its state ('Free', 'Locked',
 * 'Unlocked', nothing for a subscriber) and what opens it for this reader (core `lockedEpisodeOffer`):
 * 'Read the next episode' when it is open; for a guest, 'Sign in to unlock this episode' (the sign-in modal);
 * for a signed-in reader without a subscription, their balance, 'Unlock for 10 coins' (asked first), the
 * shop when they are short, the free-after-a-wait countdown when the comic has one, and 'Subscribe to read
 * every episode' (/premium). After the last episode: "You're all caught up". `data-state` says which.
 * @example
 * <EpisodeEndCard comicId={comicId} chapterId={chapterId} />
 */
export function EpisodeEndCard({ comicId, chapterId, uncensored = false, headingLevel = 2, onChoose, className }: EpisodeEndCardProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  const Link = useLink()
  const navigate = useNavigate()
  const viewer = useViewer()
  const { data: chapters } = useChapters(comicId)
  const headingId = useId()
  const titleId = useId()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const current = chapters?.find((candidate) => candidate.id === chapterId)
  const next = current && chapters ? nextEpisode(current, chapters) : undefined
  const offer = next && chapters && !viewer.isPending ? lockedEpisodeOffer(next, chapters, viewer) : undefined
  const state: EndCardState =
    !current || !chapters ? 'loading' : !next ? 'caught-up' : !offer ? 'loading' : uncensored && offer === 'unlock-or-subscribe' ? 'subscribe' : offer
  const base = className ? `comics-end-card ${className}` : 'comics-end-card'

  if (state === 'caught-up') {
    return (
      <section className={base} data-state={state} aria-labelledby={headingId}>
        <Heading id={headingId} className="comics-end-card__heading">
          {messages['endCard.caughtUp']}
        </Heading>
        <p className="comics-end-card__text">{messages['endCard.caughtUpText']}</p>
      </section>
    )
  }
  if (!next || !chapters) return <section className={base} data-state="loading" aria-busy="true" aria-label={messages['endCard.next']} />

  const free = isFreeEpisode(next, chapters)
  const unlocked = isUnlockedByReader(next, chapters, viewer)
  const locked = state !== 'open' && state !== 'loading'
  const nextPath = readerPath(comicId, next.id, { uncensored })
  return (
    <section className={base} data-state={state} aria-labelledby={headingId} aria-busy={state === 'loading'}>
      <Heading id={headingId} className="comics-end-card__heading">
        {messages['endCard.next']}
      </Heading>
      <div className="comics-end-card__episode">
        {next.previewImageUrl ? (
          // The title beside it names the episode: the thumbnail is decorative.
          <img className="comics-end-card__thumbnail" src={next.previewImageUrl} alt="" loading="lazy" decoding="async" width={160} height={90} />
        ) : (
          <span className="comics-end-card__thumbnail" aria-hidden="true" />
        )}
        <div className="comics-end-card__about">
          <p id={titleId} className="comics-end-card__title">
            {next.title}
          </p>
          {locked ? (
            <span className="comics-end-card__lock" data-lock="locked">
              <LockIcon decorative /> {messages['endCard.locked']}
            </span>
          ) : unlocked ? (
            <span className="comics-end-card__lock" data-lock="unlocked">
              {messages['coins.unlocked']}
            </span>
          ) : free ? (
            <span className="comics-end-card__lock" data-lock="free">
              {messages['endCard.free']}
            </span>
          ) : null}
        </div>
      </div>
      <div className="comics-end-card__actions">
        {state === 'open' && (
          <Link to={nextPath} className="comics-button" aria-describedby={titleId} onClick={onChoose}>
            {messages['endCard.read']}
          </Link>
        )}
        {state === 'sign-in' && <p className="comics-end-card__text">{messages['endCard.signInText']}</p>}
        {(state === 'sign-in' || state === 'unlock-or-subscribe') && (
          <EpisodeUnlock
            chapter={next}
            chapters={chapters}
            onUnlocked={() => {
              onChoose?.()
              navigate(nextPath)
            }}
          />
        )}
        {state === 'subscribe' && (
          <Link to={routes.premium} className="comics-button" onClick={onChoose}>
            {messages['coins.orSubscribe']}
          </Link>
        )}
      </div>
    </section>
  )
}
