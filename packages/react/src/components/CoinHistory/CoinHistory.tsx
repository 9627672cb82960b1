import type { ReactNode } from 'react'
import { routes, type CoinLedgerEntry } from '@comics/core'
import { CoinBalance } from '../CoinBalance/CoinBalance'
import { formatMessage } from '../../messages'
import { useCoinHistory, useLocale, useMessages } from '../../hooks'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

export interface CoinHistoryProps {
  /** An admin's view of another reader's history; default the signed-in reader's own. */
  userId?: string
  /** What follows an entry, such as an admin's refund of a pack; nothing by default. */
  entryAction?: (entry: CoinLedgerEntry) => ReactNode
  className?: string
}

/**
 * The signed-in reader's coin history for the account page, in a card headed by their balance (a link to the coin shop), newest first: packs bought, episodes
 * unlocked, credits from support (with their reason), each with its coins and the balance it left.
 * @example
 * <CoinHistory />
 */
export function CoinHistory({ userId, entryAction, className }: CoinHistoryProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const locale = useLocale()
  const { entries, isPending, error, refetch } = useCoinHistory(userId)
  const base = className ? `comics-card comics-coin-history ${className}` : 'comics-card comics-coin-history'
  const state = isPending ? 'loading' : error ? 'error' : entries.length === 0 ? 'empty' : 'ready'
  return (
    <section className={base} data-state={state} aria-busy={isPending}>
      <div className="comics-coin-history__header">
        <h2 className="comics-card__heading comics-coin-history__heading">{messages['coins.historyHeading']}</h2>
        {/* The reader's own history opens on their balance, a link to the shop; an admin's view of another reader's has none. */}
        {userId === undefined && <CoinBalance to={routes.coins} className="comics-coin-history__balance" />}
      </div>
      {isPending && <p>{messages['common.loading']}</p>}
      {error && (
        <div role="alert">
          {messages['common.error']}{' '}
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => void refetch()}>{messages['common.retry']}</button>
        </div>
      )}
      {state === 'empty' && <p className="comics-coin-history__empty">{messages['coins.historyEmpty']}</p>}
      {entries.length > 0 && (
        <ul className="comics-coin-history__list">
          {entries.map((entry) => (
            <li key={entry.id} className="comics-coin-history__entry" data-kind={entry.kind}>
              <span className="comics-coin-history__what">
                {messages[`coins.history.${entry.kind}`]}
                {entry.reason ? `: ${entry.reason}` : ''}
              </span>
              <span className="comics-coin-history__coins">{`${entry.coins > 0 ? '+' : '−'}${Math.abs(entry.coins).toLocaleString(locale)}`}</span>
              <span className="comics-coin-history__after">{formatMessage(messages['coins.balance'], { n: entry.balanceAfter }, locale)}</span>
              <time className="comics-coin-history__when" dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleDateString(locale)}</time>
              {entryAction?.(entry)}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
