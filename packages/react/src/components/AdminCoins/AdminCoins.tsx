import { useId, useState, type FormEvent } from 'react'
import { coinCreditProblems, type CoinLedgerEntry } from '@comics/core'
import { formatMessage } from '../../messages'
import { useAdminCoinBalance, useCreditCoins, useLocale, useMessages, useRefundCoinPack } from '../../hooks'
import { CoinHistory } from '../CoinHistory/CoinHistory'
import { ADMIN_MESSAGES } from '../../messages/adminMessages'

export interface AdminCoinsProps {
  /** The reader whose coins are shown. */
  userId: string
  className?: string
}

/**
 * An admin's view of one reader's coins: the balance, the coin history, and a manual credit with its
 * reason (POST /admin/coins/credits; the reason and the admin are kept in the ledger), and a refund of
 * each pack bought, asked first (what is left of its coins is taken back; coins spent stay spent). Core
 * `coinCreditProblems` checks the form before sending; a refused or failed credit keeps what was typed.
 * @example
 * <AdminCoins userId={uid} />
 */
export function AdminCoins({ userId, className }: AdminCoinsProps) {
  const messages = useMessages(ADMIN_MESSAGES)
  const locale = useLocale()
  const { balance, isPending, error, refetch } = useAdminCoinBalance(userId)
  const credit = useCreditCoins()
  const [coins, setCoins] = useState('')
  const [reason, setReason] = useState('')
  const [invalid, setInvalid] = useState<{ coins?: boolean; reason?: boolean }>({})
  const [credited, setCredited] = useState<number | null>(null)
  const headingId = useId()
  const coinsId = useId()
  const reasonId = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setCredited(null)
    const body = { userId, coins: coins.trim() === '' ? Number.NaN : Number(coins), reason: reason.trim() }
    const problems = coinCreditProblems(body)
    if (problems.length > 0) {
      setInvalid({ coins: problems.includes('coins'), reason: problems.includes('reason') })
      return
    }
    setInvalid({})
    credit.mutate(body, {
      onSuccess: (entry) => {
        setCredited(entry.coins)
        setCoins('')
        setReason('')
      },
    })
  }

  return (
    <section className={className ? `comics-admin-coins ${className}` : 'comics-admin-coins'} aria-labelledby={headingId}>
      <h2 id={headingId} className="comics-admin-coins__heading">{formatMessage(messages['coins.admin.heading'], { user: userId })}</h2>
      {error ? (
        <div role="alert">
          {messages['common.error']}{' '}
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => void refetch()}>{messages['common.retry']}</button>
        </div>
      ) : (
        <p className="comics-coin-balance" data-state={isPending ? 'loading' : 'ready'} aria-busy={isPending}>
          {messages['coins.admin.balanceLabel']}:{' '}
          {isPending ? messages['common.loading'] : formatMessage(messages['coins.balance'], { n: balance ?? 0 }, locale)}
        </p>
      )}
      <form className="comics-admin-coins__credit" onSubmit={submit} noValidate>
        <label htmlFor={coinsId}>{messages['coins.admin.coinsLabel']}</label>
        <input
          id={coinsId}
          className="comics-input"
          type="number"
          inputMode="numeric"
          min={1}
          max={100000}
          step={1}
          value={coins}
          aria-invalid={invalid.coins || undefined}
          aria-describedby={invalid.coins ? `${coinsId}-error` : undefined}
          onChange={(event) => setCoins(event.target.value)}
        />
        {invalid.coins && <p id={`${coinsId}-error`} className="comics-field-error">{messages['coins.admin.invalidCoins']}</p>}
        <label htmlFor={reasonId}>{messages['coins.admin.reasonLabel']}</label>
        <input
          id={reasonId}
          className="comics-input"
          type="text"
          maxLength={500}
          value={reason}
          aria-invalid={invalid.reason || undefined}
          aria-describedby={invalid.reason ? `${reasonId}-error` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {invalid.reason && <p id={`${reasonId}-error`} className="comics-field-error">{messages['coins.admin.invalidReason']}</p>}
        <button type="submit" className="comics-button" disabled={credit.isPending} aria-busy={credit.isPending}>
          {credit.isPending ? messages['coins.admin.crediting'] : messages['coins.admin.credit']}
        </button>
        {credit.isError && <p role="alert">{messages['coins.admin.creditFailed']}</p>}
        {credited !== null && <p role="status">{formatMessage(messages['coins.admin.credited'], { n: credited }, locale)}</p>}
      </form>
      <CoinHistory userId={userId} entryAction={(entry) => (entry.kind === 'purchase' ? <RefundPack userId={userId} purchase={entry} /> : null)} />
    </section>
  )
}

/** A pack's refund through the provider, confirmed first; a failed refund can be asked again. */
function RefundPack({ userId, purchase }: { userId: string; purchase: CoinLedgerEntry }) {
  const messages = useMessages(ADMIN_MESSAGES)
  const locale = useLocale()
  const refund = useRefundCoinPack(userId)
  const [confirming, setConfirming] = useState(false)
  if (refund.data) {
    return <p role="status" className="comics-admin-coins__refunded">{formatMessage(messages['coins.admin.refunded'], { n: refund.data.coinsTakenBack }, locale)}</p>
  }
  return (
    <div className="comics-admin-coins__refund">
      {confirming ? (
        <>
          <span>{formatMessage(messages['coins.admin.refundConfirm'], { n: purchase.coins }, locale)}</span>
          <button type="button" className="comics-button" disabled={refund.isPending} aria-busy={refund.isPending} onClick={() => refund.mutate(purchase.id)}>
            {messages['coins.admin.refundNow']}
          </button>
          <button type="button" className="comics-button" data-variant="ghost" disabled={refund.isPending} onClick={() => setConfirming(false)}>
            {messages['coins.admin.keep']}
          </button>
        </>
      ) : (
        <button type="button" className="comics-button" data-variant="ghost" onClick={() => setConfirming(true)}>
          {messages['coins.admin.refund']}
        </button>
      )}
      {refund.isError && <p role="alert">{messages['coins.admin.refundFailed']}</p>}
    </div>
  )
}
