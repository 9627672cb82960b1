import { useId, useState } from 'react'
import { ANALYTICS_EVENTS, getPlan, routes, type PaymentMethod, type Plan } from '@comics/core'
import { useAnalytics, useLink, useMessages } from '../../hooks'
import { PaymentMethodSelect } from '../PaymentMethodSelect'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

export interface PaymentFormProps {
  /** The plan of the payment route, e.g. '1week'. An unknown id keeps Continue disabled. */
  planId: string
  /**
   * Called after Continue has recorded its analytics event. The spec's Continue does nothing more
   * (spec §7); a site that takes payment on its own page hooks in here.
   */
  onContinue?: (selection: { plan: Plan; method: PaymentMethod }) => void
  className?: string
}

/**
 * The payment page's left side (spec §2, §5, §7): the back link 'Select another package' to /premium,
 * 'Complete Your Purchase', the payment method dropdown and Continue, disabled until a method is
 * selected and the plan exists. Continue records `payment_continue_clicked` with the plan id and the
 * method's paymentSystem.
 * @example
 * <PaymentForm planId={params.planId ?? DEFAULT_PAYMENT_PLAN_ID} />
 * <OrderSummary planId={params.planId ?? DEFAULT_PAYMENT_PLAN_ID} />
 */
export function PaymentForm({ planId, onContinue, className }: PaymentFormProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const analytics = useAnalytics()
  const Link = useLink()
  const headingId = useId()
  const [method, setMethod] = useState<PaymentMethod | null>(null)
  const plan = getPlan(planId)

  const proceed = () => {
    if (!plan || !method) return
    analytics.track(ANALYTICS_EVENTS.paymentContinueClicked, { planId: plan.id, paymentSystem: method.paymentSystem })
    onContinue?.({ plan, method })
  }

  return (
    <section className={className ? `comics-payment-form ${className}` : 'comics-payment-form'} aria-labelledby={headingId}>
      <Link to={routes.premium} className="comics-link comics-payment-form__back">
        <span aria-hidden="true">←</span> {messages['payment.selectAnotherPackage']}
      </Link>
      <h1 id={headingId} className="comics-payment-form__heading">
        {messages['payment.completePurchase']}
      </h1>
      <PaymentMethodSelect value={method?.paymentSystem ?? null} onChange={setMethod} />
      <button
        type="button"
        className="comics-button comics-payment-form__continue"
        disabled={!plan || !method}
        onClick={proceed}
      >
        {messages['payment.continue']}
      </button>
    </section>
  )
}
