import { useEffect, useRef, useState } from 'react'
import { COMMENT_MESSAGES, CommentList, LikeButton, useEpisodeReactions, useMessages, useSession } from '@comics/react'
import { adminClaimOfToken } from '../admin/adminClaimOfToken'

export interface EpisodeCommentsProps {
  comicId: string
  chapterId: string
}

/**
 * Below the reader's last page: the episode's like and its comments. A chunk of its own, rendered once
 * the pages are shown, and asking for its data only when the reader comes near it, so that no page of
 * the episode waits on comments.
 */
export default function EpisodeComments({ comicId, chapterId }: EpisodeCommentsProps) {
  const messages = useMessages(COMMENT_MESSAGES)
  const { token } = useSession()
  const near = useNear()
  const reactions = useEpisodeReactions(comicId, { enabled: near.seen })
  const episode = reactions.byChapter.get(chapterId)
  return (
    <div ref={near.ref} className="site-episode-comments">
      <div className="site-episode-comments__like">
        <LikeButton
          liked={episode?.likedByMe ?? false}
          count={episode?.likes ?? 0}
          label={messages['likes.episode']}
          busy={reactions.likeEpisode.isPending}
          onToggle={(liked) => reactions.likeEpisode.mutate({ chapterId, liked })}
        />
      </div>
      <CommentList chapterId={chapterId} enabled={near.seen} moderator={adminClaimOfToken(token)} />
    </div>
  )
}

/** Whether the element came within a screen of the viewport (then it stays true). */
function useNear() {
  const ref = useRef<HTMLDivElement>(null)
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || seen) return
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true)
      return
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setSeen(true), { rootMargin: '100% 0px' })
    observer.observe(element)
    return () => observer.disconnect()
  }, [seen])
  return { ref, seen }
}
