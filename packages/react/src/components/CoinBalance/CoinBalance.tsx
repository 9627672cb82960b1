import { formatMessage } from '../../messages'
import { useCoinBalance, useLink, useLocale, useMessages, useSession } from '../../hooks'

export interface CoinBalanceProps {
  /**
   * Makes the balance a compact link to this path (the top bar passes the shop, `routes.coins`); its name
   * starts with 'Your coins' so it is read out as what it is.
   */
  to?: string
  className?: string
}

/**
 * The signed-in reader's coin balance ('12 coins'), for the top bar and the account. Nothing for a guest;
 * a placeholder while it loads; a failed load shows nothing rather than a wrong number. With `to` it is a
 * link (the top bar's, to the shop).
 * @example
 * <CoinBalance />
 * <CoinBalance to={routes.coins} />
 */
export function CoinBalance({ to, className }: CoinBalanceProps) {
  const { signedIn } = useSession()
  const { balance, isPending, error } = useCoinBalance()
  const messages = useMessages()
  const locale = useLocale()
  const Link = useLink()
  if (!signedIn || error) return null
  const state = isPending ? 'loading' : 'ready'
  const text = isPending ? messages['common.loading'] : formatMessage(messages['coins.balance'], { n: balance ?? 0 }, locale)
  const classes = ['comics-coin-balance', to ? 'comics-coin-balance--link' : '', className ?? ''].filter(Boolean).join(' ')
  if (to) {
    return (
      <Link to={to} className={classes} data-state={state} aria-busy={isPending}>
        <span className="comics-visually-hidden">{messages['coins.balanceLabel']}</span>{' '}
        {text}
      </Link>
    )
  }
  return (
    <span className={classes} data-state={state} aria-label={messages['coins.balanceLabel']} aria-busy={isPending}>
      {text}
    </span>
  )
}
