import { useId, useState } from 'react'
import { ANALYTICS_EVENTS, getPlan, routes, type PaymentMethod, type Plan } from '@comics/core'
import { useAnalytics, useCheckout, useLink, useMessages } from '../../hooks'
import { PaymentMethodSelect } from '../PaymentMethodSelect'
import { TermsAgreement } from '../TermsAgreement'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

export interface PaymentFormProps {
  /** The plan of the payment route, e.g. '1week'. An unknown id keeps Continue disabled. */
  planId: string
  /**
   * Replaces what Continue does after recording its analytics event: by default it starts the provider's
   * checkout for the plan, as Select and Pay does. A site that takes payment its own way hooks in here.
   */
  onContinue?: (selection: { plan: Plan; method: PaymentMethod }) => void
  /** Where to send the browser with the checkout's url; default the provider's `redirect`. */
  redirect?: (url: string) => void
  className?: string
}

/**
 * The payment page's left side (spec §2, §5, §7): the back link 'Select another package' to /premium,
 * 'Complete Your Purchase', the payment method dropdown, the terms box and Continue, disabled until a
 * method is selected, the terms are ticked and the plan exists, with a line that says what is missing.
 * Continue records `payment_continue_clicked` with the plan id and the method's paymentSystem, then
 * starts the provider's checkout for the plan and sends the browser there (the spec's Continue only
 * recorded the event, which left a reader who came this way unable to pay; docs/decisions.md).
 * @example
 * <PaymentForm planId={params.planId ?? DEFAULT_PAYMENT_PLAN_ID} />
 * <OrderSummary planId={params.planId ?? DEFAULT_PAYMENT_PLAN_ID} />
 */
export function PaymentForm({ planId, onContinue, redirect, className }: PaymentFormProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const analytics = useAnalytics()
  const Link = useLink()
  const checkout = useCheckout(redirect ? { redirect } : {})
  const headingId = useId()
  const hintId = useId()
  const [method, setMethod] = useState<PaymentMethod | null>(null)
  const [agreed, setAgreed] = useState(false)
  const plan = getPlan(planId)
  // What still keeps Continue disabled, said next to it (an unknown plan has the order summary's word).
  const missing = !plan ? null : !method ? messages['payment.methodRequired'] : !agreed ? messages['terms.required'] : null

  const proceed = () => {
    if (!plan || !method || !agreed) return
    analytics.track(ANALYTICS_EVENTS.paymentContinueClicked, { planId: plan.id, paymentSystem: method.paymentSystem })
    if (onContinue) onContinue({ plan, method })
    else checkout.mutate(plan.id)
  }

  return (
    <section
      className={className ? `comics-payment-form ${className}` : 'comics-payment-form'}
      aria-labelledby={headingId}
      data-state={checkout.isPending ? 'loading' : 'idle'}
    >
      <Link to={routes.premium} className="comics-link comics-payment-form__back">
        <span aria-hidden="true">←</span> {messages['payment.selectAnotherPackage']}
      </Link>
      <h1 id={headingId} className="comics-payment-form__heading">
        {messages['payment.completePurchase']}
      </h1>
      <PaymentMethodSelect value={method?.paymentSystem ?? null} onChange={setMethod} />
      <TermsAgreement className="comics-payment-form__terms" text={messages['premium.terms']} checked={agreed} onChange={setAgreed} />
      <button
        type="button"
        className="comics-button comics-payment-form__continue"
        disabled={!plan || !method || !agreed || checkout.isPending}
        aria-busy={checkout.isPending || undefined}
        aria-describedby={missing ? hintId : undefined}
        onClick={proceed}
      >
        {messages['payment.continue']}
      </button>
      {missing && (
        <p id={hintId} className="comics-pay-hint comics-payment-form__hint">
          {missing}
        </p>
      )}
      {checkout.isError && (
        <div role="alert" className="comics-payment-form__error">
          <p>{messages['common.error']}</p>
          <button type="button" className="comics-button" data-variant="ghost" onClick={proceed}>
            {messages['common.retry']}
          </button>
        </div>
      )}
    </section>
  )
}
