import { useId } from 'react'
import { getPlan } from '@comics/core'
import { useLocale, useMessages } from '../../hooks'
import { formatMessage, formatMoney } from '../../messages'

export interface OrderSummaryProps {
  /** The plan of the payment route, e.g. '4weeks'. An unknown id renders nothing. */
  planId: string
  className?: string
}

/**
 * The payment page's right side (spec §2): 'Your Order', the 'premium membership' line, the plan's
 * duration and description, and its price with the period.
 *
 * The description is HTML written by the kit itself (core `PLANS`, looked up by id), never input, so
 * it is rendered as it is, without a sanitiser.
 * @example
 * <OrderSummary planId={params.planId ?? DEFAULT_PAYMENT_PLAN_ID} />
 */
export function OrderSummary({ planId, className }: OrderSummaryProps) {
  const messages = useMessages()
  const locale = useLocale()
  const headingId = useId()
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
          {formatMessage(messages['premium.price'], { price: formatMoney(plan.price, locale) })}
        </span>{' '}
        <span className="comics-order-summary__period">{formatMessage(messages['premium.period'], { period: plan.period })}</span>
      </p>
    </section>
  )
}
