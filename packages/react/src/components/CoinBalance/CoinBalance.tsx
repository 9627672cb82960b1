import { formatMessage } from '../../messages'
import { useCoinBalance, useLocale, useMessages, useSession } from '../../hooks'

export interface CoinBalanceProps {
  className?: string
}

/**
 * The signed-in reader's coin balance ('12 coins'), for the top bar and the account. Nothing for a guest;
 * a placeholder while it loads; a failed load shows nothing rather than a wrong number.
 * @example
 * <CoinBalance />
 */
export function CoinBalance({ className }: CoinBalanceProps) {
  const { signedIn } = useSession()
  const { balance, isPending, error } = useCoinBalance()
  const messages = useMessages()
  const locale = useLocale()
  if (!signedIn || error) return null
  const state = isPending ? 'loading' : 'ready'
  return (
    <span className={className ? `comics-coin-balance ${className}` : 'comics-coin-balance'} data-state={state} aria-label={messages['coins.balanceLabel']} aria-busy={isPending}>
      {isPending ? messages['common.loading'] : formatMessage(messages['coins.balance'], { n: balance ?? 0 }, locale)}
    </span>
  )
}
