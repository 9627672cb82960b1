import { useId } from 'react'
import { chargeFor, getPlan } from '@comics/core'
import { useLocale, useMessages, usePurchases } from '../../hooks'
import { formatMessage, formatMoney } from '../../messages'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

export interface OrderSummaryProps {
  /** The plan of the payment route, e.g. '4weeks'. An unknown id renders nothing. */
  planId: string
  className?: string
}

/**
 * The payment page's right side (spec §2): 'Your Order', the 'premium membership' line, the plan's
 * duration and description, and its price with the period: the price the viewer will be charged, the
 * first-purchase price for a first-time buyer and the renewal price for one who has paid before (core
 * `isFirstPurchase`); the price waits until that is known.
 *
 * The description is HTML written by the kit itself (core `PLANS`, looked up by id), never input, so
 * it is rendered as it is, without a sanitiser.
 * @example
 * <OrderSummary planId={params.planId ?? DEFAULT_PAYMENT_PLAN_ID} />
 */
export function OrderSummary({ planId, className }: OrderSummaryProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const locale = useLocale()
  const headingId = useId()
  const purchases = usePurchases()
  const plan = getPlan(planId)
  if (!plan) return null
  return (
    <section
      className={className ? `comics-order-summary ${className}` : 'comics-order-summary'}
      aria-labelledby={headingId}
      data-plan={plan.id}
    >
      <h2 id={headingId} className="comics-order-summary__heading">
        {messages['payment.yourOrder']}
      </h2>
      <p className="comics-order-summary__membership">{messages['payment.premiumMembership']}</p>
      <p className="comics-order-summary__duration">{plan.duration}</p>
      <div className="comics-order-summary__description" dangerouslySetInnerHTML={{ __html: plan.description }} />
      <p className="comics-order-summary__price">
        <span className="comics-order-summary__amount">
          {purchases.isPending
            ? messages['common.loading']
            : formatMessage(messages['premium.price'], {
                price: formatMoney(chargeFor(plan, { firstPurchase: purchases.firstPurchase }).price, locale),
              })}
        </span>{' '}
        <span className="comics-order-summary__period">{formatMessage(messages['premium.period'], { period: plan.period })}</span>
      </p>
    </section>
  )
}
