import type { AuditEntry } from '@comics/core'
import { formatMessage } from '../../messages'
import { useAuditLog, useLocale, useMessages } from '../../hooks'
import { ADMIN_MESSAGES } from '../../messages/adminMessages'

/** A key of the admin's table: every action and target of the contract must have its message. */
type AdminMessageKey = keyof typeof ADMIN_MESSAGES

export interface AuditLogProps {
  /** Only the changes of this comic; default every change. */
  comicsId?: string
  /** Entries per page; default 50. */
  pageSize?: number
  className?: string
}

/**
 * The admin's audit log: who changed what and when (created, edited, deleted, uploaded, reordered,
 * published, scheduled), newest first, in a table; "Show older changes" loads the next page. What changed
 * is named as it is now ("Episode 3 'The duel'", under it "in 'Silent Blade'"), by its id once it is gone.
 * On a phone each row is a card that fits the width.
 * @example
 * <AuditLog comicsId={comic.id} />
 */
export function AuditLog({ comicsId, pageSize, className }: AuditLogProps) {
  const messages = useMessages(ADMIN_MESSAGES)
  const locale = useLocale()
  const { entries, isPending, error, refetch, hasMore, isLoadingMore, loadMore } = useAuditLog({ comicsId, pageSize })
  const base = className ? `comics-audit-log ${className}` : 'comics-audit-log'
  const state = isPending ? 'loading' : error && entries.length === 0 ? 'error' : entries.length === 0 ? 'empty' : 'ready'
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  const target = (entry: AuditEntry) => {
    const { targetType, targetName: name, episodeNumber: number } = entry
    if (name !== undefined) {
      if ((targetType === 'chapter' || targetType === 'pages') && number !== undefined) return formatMessage(messages[`audit.named.${targetType}`], { name, number }, locale)
      if (targetType === 'comic' || targetType === 'genre') return formatMessage(messages[`audit.named.${targetType}`], { name }, locale)
    }
    return formatMessage(messages[`audit.target.${targetType}` satisfies AdminMessageKey], { id: entry.targetId }, locale)
  }
  // The comic an episode's, its pages' or a comment's entry belongs to, under it; a comic's entry names it already.
  const comicOf = (entry: AuditEntry) =>
    entry.comicTitle !== undefined && entry.targetType !== 'comic' ? formatMessage(messages['audit.inComic'], { title: entry.comicTitle }, locale) : null
  return (
    <section className={base} data-state={state} aria-busy={isPending || isLoadingMore} aria-labelledby="comics-audit-log-heading">
      <h2 id="comics-audit-log-heading" className="comics-audit-log__heading">{messages['audit.heading']}</h2>
      {isPending && <p>{messages['common.loading']}</p>}
      {error && (
        <div role="alert">
          {messages['common.error']}{' '}
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => void refetch()}>{messages['common.retry']}</button>
        </div>
      )}
      {state === 'empty' && <p className="comics-audit-log__empty">{messages['audit.empty']}</p>}
      {entries.length > 0 && (
        // Explicit roles: on a phone the rows are laid out as cards, and a table's semantics must stay.
        <table className="comics-audit-log__table" role="table">
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">{messages['audit.when']}</th>
              <th scope="col" role="columnheader">{messages['audit.who']}</th>
              <th scope="col" role="columnheader">{messages['audit.what']}</th>
              <th scope="col" role="columnheader">{messages['audit.target']}</th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {entries.map((entry) => (
              <tr key={entry.id} data-action={entry.action} role="row">
                <td role="cell" className="comics-audit-log__when"><time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time></td>
                <td role="cell" className="comics-audit-log__who">{entry.actorEmail ?? entry.actorUid}</td>
                <td role="cell" className="comics-audit-log__what">{messages[`audit.action.${entry.action}` satisfies AdminMessageKey]}</td>
                <td role="cell" className="comics-audit-log__target">
                  {target(entry)}
                  {comicOf(entry) && <span className="comics-audit-log__comic">{comicOf(entry)}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {hasMore && (
        <button type="button" className="comics-button" data-variant="ghost" onClick={loadMore} disabled={isLoadingMore}>
          {isLoadingMore ? messages['common.loading'] : messages['audit.more']}
        </button>
      )}
    </section>
  )
}
