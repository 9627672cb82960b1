import { routes } from '@comics/core'
import { useCheckoutConfirmation, useLink, useMessages } from '../../hooks'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

export interface PaymentConfirmationProps {
  /** The checkout the reader came back from (`?checkout=` on the account page); nothing shows without one. */
  checkoutId: string | undefined
  className?: string
}

/**
 * What became of the payment the reader just made, on the page the provider sent them back to:
 * 'Payment processing…' until the provider confirms it (asked every second), then that the membership is
 * active (the account's benefits update by themselves); a declined card says so with a way back to the
 * plans.
 * @example
 * <PaymentConfirmation checkoutId={searchParams.get('checkout') ?? undefined} />
 */
export function PaymentConfirmation({ checkoutId, className }: PaymentConfirmationProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const Link = useLink()
  const confirmation = useCheckoutConfirmation(checkoutId)
  if (confirmation.status === 'idle') return null
  const rootClass = className ? `comics-payment-confirmation ${className}` : 'comics-payment-confirmation'
  switch (confirmation.status) {
    case 'confirming':
    case 'pending':
      return (
        <p role="status" className={rootClass} data-state="pending">
          {messages['payment.processing']}
        </p>
      )
    case 'active':
      return (
        <p role="status" className={rootClass} data-state="active">
          {messages['payment.confirmed']}
        </p>
      )
    case 'declined':
    case 'cancelled':
      return (
        <div role="alert" className={rootClass} data-state={confirmation.status}>
          <p>{messages[confirmation.status === 'declined' ? 'payment.declined' : 'payment.cancelled']}</p>
          <Link to={routes.premium} className="comics-button" data-variant="ghost">
            {messages['payment.tryAgain']}
          </Link>
        </div>
      )
    case 'error':
      return (
        <div role="alert" className={rootClass} data-state="error">
          <p>{messages['common.error']}</p>
          <button type="button" className="comics-button" data-variant="ghost" onClick={confirmation.retry}>
            {messages['common.retry']}
          </button>
        </div>
      )
  }
}
