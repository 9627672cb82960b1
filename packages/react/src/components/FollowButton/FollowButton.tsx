import { useAuthModal, useFollowComic, useMessages, useSession } from '../../hooks'
import { EPISODE_MESSAGES } from '../../messages'

export interface FollowButtonProps {
  comicId: string
  className?: string
}

/**
 * Follow or unfollow a comic from its page, a secondary button beside the start button: 'Follow', or
 * 'Following' pressed (`aria-pressed`). A guest's
 * press opens the sign-in modal. While the change is sent the button is busy; a failure says so under it
 * and the button stays as it was, to press again.
 * @example
 * <FollowButton comicId={comicId} />
 */
export function FollowButton({ comicId, className }: FollowButtonProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  const { signedIn } = useSession()
  const { openAuthModal } = useAuthModal()
  const { following, isPending, isChanging, error, toggle } = useFollowComic(comicId)
  const state = !signedIn ? 'guest' : isPending ? 'loading' : isChanging ? 'changing' : error ? 'error' : following ? 'following' : 'not-following'
  return (
    <div className={className ? `comics-follow ${className}` : 'comics-follow'} data-state={state}>
      <button
        type="button"
        className="comics-button comics-follow__button"
        // A secondary action: the page's one primary action is reading.
        data-variant="ghost"
        aria-pressed={signedIn ? following : undefined}
        aria-busy={isChanging || undefined}
        disabled={signedIn && (isPending || isChanging)}
        onClick={signedIn ? toggle : () => openAuthModal()}
      >
        {following ? messages['follow.following'] : messages['follow.follow']}
      </button>
      {signedIn && error && !isChanging && (
        <p role="alert" className="comics-follow__error">
          {messages['follow.failed']}
        </p>
      )}
    </div>
  )
}
