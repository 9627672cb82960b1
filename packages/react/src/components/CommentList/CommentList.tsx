import { useState } from 'react'
import { COMMENT_REPORT_REASONS, COMMENT_SORTS, type Comment, type CommentReportReason, type CommentSort } from '@comics/core'
import { formatMessage } from '../../messages'
import { COMMENT_MESSAGES } from '../../messages/commentMessages'
import { dateFormat } from '../../messages/localeFormats'
import { COMMENTS_PAGE_SIZE, useComments, useLocale, useMessages, useSession } from '../../hooks'
import { CommentForm } from '../CommentForm'
import { LikeButton } from '../LikeButton'

export interface CommentListProps {
  chapterId: string
  /** Wait before asking for the comments (the site passes false until the episode's pages are shown). */
  enabled?: boolean
  /** The viewer is an admin (the creator): pin and delete controls show. The service checks it again. */
  moderator?: boolean
  className?: string
}

type Comments = ReturnType<typeof useComments>
type Messages = ReturnType<typeof useMessages<typeof COMMENT_MESSAGES>>

/**
 * An episode's comments: the count, Top and Newest, the form, then each comment with its replies (one
 * level deep). Text is shown as text (never as HTML, never made into links); a spoiler is blurred until
 * shown. A reader edits and deletes their own comments, likes and reports the others'; an admin pins
 * and replies with the Creator badge. Guests read; their writes open the sign-in modal.
 * @example
 * <CommentList chapterId={chapterId} />
 */
export function CommentList({ chapterId, enabled = true, moderator = false, className }: CommentListProps) {
  const messages = useMessages(COMMENT_MESSAGES)
  const locale = useLocale()
  const [sort, setSort] = useState<CommentSort>('top')
  const [limit, setLimit] = useState(COMMENTS_PAGE_SIZE)
  const comments = useComments(chapterId, { sort, enabled, limit })
  const { threads, total, isPending, error } = comments
  const state = !enabled ? 'waiting' : isPending ? 'loading' : error ? 'error' : threads.length === 0 ? 'empty' : 'ready'
  const base = className ? `comics-comments ${className}` : 'comics-comments'
  const headingId = `comics-comments-${chapterId}`
  return (
    <section className={base} data-state={state} aria-labelledby={headingId} aria-busy={isPending || undefined}>
      <div className="comics-comments__header">
        <h2 id={headingId} className="comics-comments__heading">
          {messages['comments.heading']} <span className="comics-comments__count">{formatMessage(messages['comments.count'], { n: total }, locale)}</span>
        </h2>
        <div role="group" aria-label={messages['comments.sort']} className="comics-comments__sort">
          {COMMENT_SORTS.map((option) => (
            <button
              key={option}
              type="button"
              className="comics-button"
              data-variant={sort === option ? undefined : 'ghost'}
              aria-pressed={sort === option}
              onClick={() => setSort(option)}
            >
              {messages[`comments.sort.${option}`]}
            </button>
          ))}
        </div>
      </div>
      <CommentForm onSubmit={(input) => comments.post.mutateAsync(input)} />
      {isPending && <p className="comics-comments__status">{messages['comments.loading']}</p>}
      {error && (
        <div role="alert" className="comics-comments__status">
          {messages['comments.failed']}{' '}
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => void comments.refetch()}>
            {messages['common.retry']}
          </button>
        </div>
      )}
      {state === 'empty' && <p className="comics-comments__status">{messages['comments.empty']}</p>}
      {threads.length > 0 && (
        <ol className="comics-comments__list">
          {threads.map((thread) => (
            <li key={thread.id} className="comics-comments__thread">
              <CommentItem comment={thread} comments={comments} messages={messages} admin={moderator} />
              {thread.replies.length > 0 && (
                <ol className="comics-comments__replies">
                  {thread.replies.map((reply) => (
                    <li key={reply.id}>
                      <CommentItem comment={reply} comments={comments} messages={messages} admin={moderator} />
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      )}
      {threads.length < total && (
        <button type="button" className="comics-button" data-variant="ghost" onClick={() => setLimit((current) => current + COMMENTS_PAGE_SIZE)}>
          {messages['comments.more']}
        </button>
      )}
    </section>
  )
}

function CommentItem({ comment, comments, messages, admin }: { comment: Comment; comments: Comments; messages: Messages; admin: boolean }) {
  const locale = useLocale()
  const { signedIn } = useSession()
  const [mode, setMode] = useState<'view' | 'edit' | 'reply' | 'report' | 'reported'>('view')
  const [spoilerShown, setSpoilerShown] = useState(false)
  const [reason, setReason] = useState<CommentReportReason>('spam')
  const when = dateFormat(locale, { dateStyle: 'medium' }).format(new Date(comment.createdAt))
  const hidden = comment.spoiler && !spoilerShown
  return (
    <article className="comics-comment" data-pinned={comment.pinned || undefined} data-status={comment.status} data-creator={comment.byCreator || undefined}>
      <header className="comics-comment__meta">
        {/* The creator's badge is their name: their pseudonym would say it twice. */}
        {comment.byCreator ? (
          <span className="comics-comment__badge">{messages['comments.creator']}</span>
        ) : (
          <span className="comics-comment__author">{comment.authorName}</span>
        )}
        {comment.pinned && <span className="comics-comment__badge" data-kind="pinned">{messages['comments.pinned']}</span>}
        {comment.status === 'hidden' && <span className="comics-comment__badge" data-kind="hidden">{messages['comments.hidden']}</span>}
        <time dateTime={comment.createdAt}>{when}</time>
        {comment.editedAt && <span className="comics-comment__edited">({messages['comments.edited']})</span>}
      </header>
      {mode === 'edit' ? (
        <CommentForm
          variant="edit"
          initialText={comment.text}
          initialSpoiler={comment.spoiler}
          onCancel={() => setMode('view')}
          onSubmit={async (input) => {
            await comments.edit.mutateAsync({ id: comment.id, ...input })
            setMode('view')
          }}
        />
      ) : (
        <div className="comics-comment__body" data-spoiler={hidden || undefined}>
          {comment.spoiler && <span className="comics-comment__badge" data-kind="spoiler">{messages['comments.spoiler']}</span>}
          {/* Plain text: React writes it as text, and nothing here turns it into links. */}
          <p className="comics-comment__text" aria-hidden={hidden || undefined}>
            {comment.text}
          </p>
          {hidden && (
            <button type="button" className="comics-button" data-variant="ghost" onClick={() => setSpoilerShown(true)}>
              {messages['comments.showSpoiler']}
            </button>
          )}
        </div>
      )}
      <div className="comics-comment__actions">
        <LikeButton
          liked={comment.likedByMe}
          count={comment.likes}
          busy={comments.like.isPending && comments.like.variables?.id === comment.id}
          onToggle={(liked) => comments.like.mutate({ id: comment.id, liked })}
        />
        {comment.parentId === null && (
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => setMode(mode === 'reply' ? 'view' : 'reply')}>
            {messages['comments.reply']}
          </button>
        )}
        {comment.mine && comment.status === 'visible' && (
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => setMode('edit')}>
            {messages['comments.edit']}
          </button>
        )}
        {(comment.mine || admin) && (
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => comments.remove.mutate(comment.id)}>
            {messages['comments.delete']}
          </button>
        )}
        {admin && comment.parentId === null && (
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => comments.pin.mutate({ id: comment.id, pinned: !comment.pinned })}>
            {comment.pinned ? messages['comments.unpin'] : messages['comments.pin']}
          </button>
        )}
        {signedIn && !comment.mine && comment.status === 'visible' && mode !== 'reported' && (
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => setMode(mode === 'report' ? 'view' : 'report')}>
            {messages['comments.report']}
          </button>
        )}
      </div>
      {mode === 'reply' && (
        <CommentForm
          variant="reply"
          onCancel={() => setMode('view')}
          onSubmit={async (input) => {
            await comments.post.mutateAsync({ ...input, parentId: comment.id })
            setMode('view')
          }}
        />
      )}
      {mode === 'report' && (
        <form
          className="comics-comment__report"
          onSubmit={(event) => {
            event.preventDefault()
            comments.report.mutate({ id: comment.id, reason }, { onSuccess: () => setMode('reported') })
          }}
        >
          <fieldset>
            <legend>{messages['comments.report.reason']}</legend>
            {COMMENT_REPORT_REASONS.map((option) => (
              <label key={option} className="comics-comment__reason">
                <input type="radio" name={`reason-${comment.id}`} value={option} checked={reason === option} onChange={() => setReason(option)} />{' '}
                {messages[`comments.report.${option}`]}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="comics-button">
            {messages['comments.report.send']}
          </button>
        </form>
      )}
      {mode === 'reported' && <p role="status">{messages['comments.report.sent']}</p>}
    </article>
  )
}
