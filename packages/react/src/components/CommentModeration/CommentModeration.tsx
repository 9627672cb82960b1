import { useState } from 'react'
import { COMMENT_SUSPENSION_DAYS, type CommentSuspensionDays, type ModerationItem } from '@comics/core'
import { formatMessage } from '../../messages'
import { COMMENT_MESSAGES } from '../../messages/commentMessages'
import { useCommentModeration, useLocale, useMessages } from '../../hooks'

export interface CommentModerationProps {
  className?: string
}

/**
 * The moderation queue (admin): reported comments, most reported first, each with its reports' reasons
 * and notes, and what a moderator does: hide, restore, delete, suspend the author for a period. Every
 * action is audited by the service.
 * @example
 * <CommentModeration />
 */
export function CommentModeration({ className }: CommentModerationProps) {
  const messages = useMessages(COMMENT_MESSAGES)
  const { items, isPending, error, refetch, moderate, suspend } = useCommentModeration()
  const state = isPending ? 'loading' : error ? 'error' : items.length === 0 ? 'empty' : 'ready'
  return (
    <section className={className ? `comics-moderation ${className}` : 'comics-moderation'} data-state={state} aria-labelledby="comics-moderation-heading">
      <h2 id="comics-moderation-heading">{messages['moderation.heading']}</h2>
      {isPending && <p>{messages['common.loading']}</p>}
      {error && (
        <div role="alert">
          {messages['common.error']}{' '}
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => void refetch()}>
            {messages['common.retry']}
          </button>
        </div>
      )}
      {state === 'empty' && <p>{messages['moderation.empty']}</p>}
      {items.length > 0 && (
        <ul className="comics-moderation__list">
          {items.map((item) => (
            <ModerationRow
              key={item.comment.id}
              item={item}
              busy={moderate.isPending || suspend.isPending}
              onModerate={(action) => moderate.mutate({ id: item.comment.id, action })}
              onSuspend={(days) => suspend.mutate({ id: item.comment.id, days })}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

function ModerationRow({
  item,
  busy,
  onModerate,
  onSuspend,
}: {
  item: ModerationItem
  busy: boolean
  onModerate: (action: 'hide' | 'restore' | 'delete') => void
  onSuspend: (days: CommentSuspensionDays) => void
}) {
  const messages = useMessages(COMMENT_MESSAGES)
  const locale = useLocale()
  const [days, setDays] = useState<CommentSuspensionDays>(7)
  const { comment } = item
  return (
    <li className="comics-moderation__item" data-status={comment.status}>
      <p className="comics-moderation__meta">
        <strong>{comment.authorName}</strong> · {formatMessage(messages['moderation.reports'], { n: item.reports.length }, locale)}
        {comment.status === 'hidden' && <> · {messages['comments.hidden']}</>}
        {item.suspendedUntil && (
          <> · {formatMessage(messages['moderation.suspendedUntil'], { date: new Date(item.suspendedUntil).toLocaleDateString(locale) }, locale)}</>
        )}
      </p>
      <p className="comics-moderation__text">{comment.text}</p>
      <ul className="comics-moderation__reports">
        {item.reports.map((report, index) => (
          <li key={index}>
            {messages[`comments.report.${report.reason}`]}
            {report.note && <>: {report.note}</>}
          </li>
        ))}
      </ul>
      <div className="comics-moderation__actions">
        {comment.status === 'hidden' ? (
          <button type="button" className="comics-button" disabled={busy} onClick={() => onModerate('restore')}>
            {messages['moderation.restore']}
          </button>
        ) : (
          <button type="button" className="comics-button" disabled={busy} onClick={() => onModerate('hide')}>
            {messages['moderation.hide']}
          </button>
        )}
        <button type="button" className="comics-button" data-variant="ghost" disabled={busy} onClick={() => onModerate('delete')}>
          {messages['moderation.delete']}
        </button>
        <label className="comics-moderation__days">
          {messages['moderation.suspendFor']}{' '}
          <select value={days} onChange={(event) => setDays(Number(event.target.value) as CommentSuspensionDays)}>
            {COMMENT_SUSPENSION_DAYS.map((option) => (
              <option key={option} value={option}>
                {formatMessage(messages['moderation.days'], { n: option }, locale)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="comics-button" data-variant="ghost" disabled={busy} onClick={() => onSuspend(days)}>
          {messages['moderation.suspend']}
        </button>
      </div>
    </li>
  )
}
