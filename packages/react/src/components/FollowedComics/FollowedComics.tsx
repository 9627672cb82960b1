import { comicPath } from '@comics/core'
import { useFollows, useLink, useLocale, useMessages, useSession } from '../../hooks'
import { formatMessage } from '../../messages'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

export interface FollowedComicsProps {
  className?: string
}

/**
 * The account's followed comics, most recently followed first, each a link to its page with how many
 * episodes came out since the reader last read it ('1 new') or 'Up to date'. Nothing for a guest; a
 * failed load says so with a retry.
 * @example
 * <FollowedComics />
 */
export function FollowedComics({ className }: FollowedComicsProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const locale = useLocale()
  const Link = useLink()
  const { signedIn } = useSession()
  const { follows, isPending, error, refetch } = useFollows()
  if (!signedIn) return null
  const state = isPending ? 'loading' : error ? 'error' : follows.length === 0 ? 'empty' : 'ready'
  return (
    <section className={className ? `comics-card comics-followed ${className}` : 'comics-card comics-followed'} data-state={state} aria-busy={isPending}>
      <h2 className="comics-card__heading comics-followed__heading">{messages['follows.heading']}</h2>
      {isPending ? (
        <p className="comics-followed__status">{messages['common.loading']}</p>
      ) : error ? (
        <div role="alert" className="comics-followed__status">
          <p>{messages['common.error']}</p>
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => void refetch()}>
            {messages['common.retry']}
          </button>
        </div>
      ) : follows.length === 0 ? (
        <p className="comics-followed__status">{messages['follows.empty']}</p>
      ) : (
        <ul className="comics-followed__list">
          {follows.map((follow) => (
            <li key={follow.comicId} className="comics-followed__item" data-new={follow.newEpisodes > 0 ? 'true' : 'false'}>
              <Link to={comicPath(follow.comicId)} className="comics-link comics-followed__title">
                {follow.title}
              </Link>
              <span className="comics-followed__count">
                {follow.newEpisodes > 0
                  ? formatMessage(messages['follows.new'], { n: follow.newEpisodes }, locale)
                  : messages['follows.upToDate']}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
