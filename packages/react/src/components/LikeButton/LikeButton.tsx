import { formatMessage } from '../../messages'
import { COMMENT_MESSAGES } from '../../messages/commentMessages'
import { useAuthModal, useLocale, useMessages, useSession } from '../../hooks'

export interface LikeButtonProps {
  liked: boolean
  count: number
  /** What is liked, for screen readers: 'Like this episode', 'Like'. */
  label?: string
  onToggle: (liked: boolean) => void
  busy?: boolean
  className?: string
}

/**
 * A like with its count (`aria-pressed` when liked). A guest's press opens the sign-in modal instead.
 * @example
 * <LikeButton liked={row.likedByMe} count={row.likes} onToggle={(liked) => like.mutate({ id, liked })} />
 */
export function LikeButton({ liked, count, label, onToggle, busy = false, className }: LikeButtonProps) {
  const messages = useMessages(COMMENT_MESSAGES)
  const locale = useLocale()
  const { signedIn } = useSession()
  const { openAuthModal } = useAuthModal()
  return (
    <button
      type="button"
      className={className ? `comics-like ${className}` : 'comics-like'}
      data-state={liked ? 'liked' : 'not-liked'}
      aria-pressed={signedIn ? liked : undefined}
      aria-label={`${label ?? messages['likes.like']}, ${formatMessage(messages['likes.count'], { n: count }, locale)}`}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={signedIn ? () => onToggle(!liked) : () => openAuthModal()}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
        <path d="M12 21s-7.5-4.6-9.5-9.2C1.1 8.4 3.2 5 6.6 5c2 0 3.4 1.1 4.4 2.6C12 6.1 13.4 5 15.4 5c3.4 0 5.5 3.4 4.1 6.8C19.5 16.4 12 21 12 21z" />
      </svg>
      <span className="comics-like__count">{count}</span>
    </button>
  )
}
