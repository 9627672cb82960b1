import { COMMENT_MESSAGES, formatMessage, useEpisodeReactions, useLocale, useMessages } from '@comics/react'
import { ReactionsRoom } from './ReactionsRoom'

/** The comic page's counts: comments and likes of its published episodes, together; their room while unknown. */
export default function ComicReactions({ comicId }: { comicId: string }) {
  const messages = useMessages(COMMENT_MESSAGES)
  const locale = useLocale()
  const { totals, isPending, error } = useEpisodeReactions(comicId)
  if (isPending || error) return <ReactionsRoom />
  return (
    <p className="site-comic__reactions">
      <span>{formatMessage(messages['likes.count'], { n: totals.likes }, locale)}</span>
      {' · '}
      <span>{formatMessage(messages['comments.count'], { n: totals.comments }, locale)}</span>
    </p>
  )
}
