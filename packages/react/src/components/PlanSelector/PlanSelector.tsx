import { useId, useState, type MouseEvent } from 'react'
import {
  ANALYTICS_EVENTS,
  CANCELLATION_NOTICE_HOURS,
  chargeFor,
  type Plan,
  type PlanId,
} from '@comics/core'
import { useAnalytics, useCheckout, useGoBack, useLocale, useMessages, usePlans, usePurchases } from '../../hooks'
import { formatMessage, formatMoney, type AccountMessages } from '../../messages'
import { SaleBanner } from '../SaleBanner'
import { TermsAgreement } from '../TermsAgreement'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

export interface PlanSelectorProps {
  /** What the back button does; default the previous page, or / when the page was opened directly. */
  onBack?: () => void
  className?: string
}

/**
 * The '*' lines under the plans: what the selected plan costs now and later, and how to stop it. The
 * first-purchase price and its discount line are for a first-time buyer only (core `isFirstPurchase`).
 */
function disclaimerLines(plan: Plan, firstPurchase: boolean, messages: AccountMessages, locale: string): string[] {
  const first = chargeFor(plan, { firstPurchase: true })
  const renewal = chargeFor(plan, { firstPurchase: false })
  const lines: string[] = []
  if (firstPurchase && first.amount !== renewal.amount) {
    lines.push(
      formatMessage(messages['premium.disclaimerFirstPurchase'], {
        price: formatMoney(first.price, locale),
        renewalPrice: formatMoney(renewal.price, locale),
        period: plan.period,
      }),
      messages['premium.disclaimerDiscount'],
    )
  }
  lines.push(
    formatMessage(messages['premium.disclaimerRenewal'], { price: formatMoney(renewal.price, locale), period: plan.period }),
    formatMessage(messages['premium.disclaimerCancel'], { n: CANCELLATION_NOTICE_HOURS, hours: CANCELLATION_NOTICE_HOURS }, locale),
  )
  return lines
}

/**
 * The premium page (spec §2, §4, §5): back button, sale banner, 'PLEASE SELECT A PRODUCT', a radio
 * group of the plans above the viewer's active level with the core default preselected, the terms
 * checkbox, 'Select and Pay' and the selected plan's '*' disclaimers. Paying starts a checkout with
 * `urlSuccess` = this origin's /account and sends the browser to the returned url; a failed checkout
 * shows a retry and keeps the selection and the tick. With nothing above the level, the
 * maximum-subscription text shows instead (message 'premium.maximum'; the spec's Russian is a partner's override).
 *
 * Plan descriptions are HTML written by the kit itself (core `PLANS`); the plans never come from props
 * or the network, so they are rendered as they are, without a sanitiser.
 * @example
 * <PlanSelector onBack={() => router.back()} />
 */
export function PlanSelector({ onBack, className }: PlanSelectorProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const locale = useLocale()
  const analytics = useAnalytics()
  const { plans, defaultPlanId, hasMaximum, isPending: plansPending } = usePlans()
  // The price shown is the price charged: a reader who has paid before pays the renewal price.
  const purchases = usePurchases()
  const isPending = plansPending || purchases.isPending
  const checkout = useCheckout()
  const [chosen, setChosen] = useState<PlanId | null>(null)
  const [agreed, setAgreed] = useState(false)
  const headingId = useId()
  const groupName = useId()
  const hintId = useId()
  const disclaimersId = useId()

  // A choice that is no longer offered (the level rose meanwhile) gives way to the core default.
  const selectedId = chosen && plans.some((p) => p.id === chosen) ? chosen : defaultPlanId
  const selected = plans.find((p) => p.id === selectedId)

  const back = useGoBack(onBack)

  const select = (plan: Plan) => {
    if (plan.id === selectedId) return
    setChosen(plan.id)
    analytics.track(ANALYTICS_EVENTS.subscriptionPlanSelected, { planId: plan.id, level: plan.level })
  }

  const pay = () => {
    if (selected) checkout.mutate(selected.id)
  }

  const rootClass = className ? `comics-plan-selector ${className}` : 'comics-plan-selector'
  return (
    <section className={rootClass} aria-labelledby={headingId} data-state={checkout.isPending ? 'loading' : 'idle'}>
      <button type="button" className="comics-button comics-plan-selector__back" data-variant="ghost" onClick={back}>
        <span aria-hidden="true">←</span> {messages['common.back']}
      </button>
      <SaleBanner className="comics-plan-selector__banner" />
      <h1 id={headingId} className="comics-plan-selector__heading">
        {messages['premium.heading']}
      </h1>

      {isPending ? (
        <p role="status" className="comics-plan-selector__status">
          {messages['common.loading']}
        </p>
      ) : hasMaximum ? (
        <p role="status" className="comics-plan-selector__maximum">
          {messages['premium.maximum']}
        </p>
      ) : (
        <>
          <div role="radiogroup" aria-labelledby={headingId} className="comics-plan-selector__plans">
            {plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                name={groupName}
                checked={plan.id === selectedId}
                onSelect={() => select(plan)}
                firstPurchase={purchases.firstPurchase}
                messages={messages}
              />
            ))}
          </div>

          <TermsAgreement
            className="comics-plan-selector__terms"
            checkboxClassName="comics-plan-selector__checkbox"
            text={messages['premium.terms']}
            checked={agreed}
            onChange={setAgreed}
          />

          <button
            type="button"
            className="comics-button comics-plan-selector__pay"
            disabled={!agreed || !selected || checkout.isPending}
            aria-busy={checkout.isPending || undefined}
            aria-describedby={[agreed ? '' : hintId, selected ? disclaimersId : ''].filter(Boolean).join(' ') || undefined}
            onClick={pay}
          >
            {messages['premium.selectAndPay']}
          </button>
          {!agreed && (
            <p id={hintId} className="comics-pay-hint comics-plan-selector__hint">
              {messages['terms.required']}
            </p>
          )}

          {checkout.isError && (
            <div role="alert" className="comics-plan-selector__error">
              <p>{messages['common.error']}</p>
              <button type="button" className="comics-button" data-variant="ghost" onClick={pay} disabled={!agreed}>
                {messages['common.retry']}
              </button>
            </div>
          )}

          {selected && (
            <ul id={disclaimersId} className="comics-plan-selector__disclaimers">
              {disclaimerLines(selected, purchases.firstPurchase, messages, locale).map((line) => (
                <li key={line}>*{line}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}

interface PlanCardProps {
  plan: Plan
  name: string
  checked: boolean
  onSelect: () => void
  /** Whether the viewer buys for the first time: the card shows the price they will be charged. */
  firstPurchase: boolean
  messages: AccountMessages
}

/**
 * One plan as a card. The radio carries the selection and the keyboard; a click anywhere on the card
 * selects it too, since the description (a list) cannot sit inside the radio's label.
 */
function PlanCard({ plan, name, checked, onSelect, firstPurchase, messages }: PlanCardProps) {
  const locale = useLocale()
  const inputId = useId()
  const detailsId = useId()
  // The price this reader pays, and its per-week figure computed from that same price.
  const charge = chargeFor(plan, { firstPurchase })
  const selectFromCard = (event: MouseEvent<HTMLDivElement>) => {
    // The radio and its label report their own clicks through onChange.
    if ((event.target as HTMLElement).closest('input, label')) return
    onSelect()
  }
  return (
    <div className="comics-plan-card" data-selected={checked ? '' : undefined} data-plan={plan.id} onClick={selectFromCard}>
      <span className="comics-plan-card__header">
        <input
          id={inputId}
          type="radio"
          name={name}
          value={plan.id}
          className="comics-plan-card__radio"
          checked={checked}
          onChange={onSelect}
          aria-describedby={detailsId}
        />
        <label htmlFor={inputId} className="comics-plan-card__duration">
          {plan.duration}
        </label>
        <span className="comics-plan-card__badge">{plan.badge}</span>
      </span>
      <div id={detailsId} className="comics-plan-card__details">
        {/* Kit-written HTML from core PLANS, never input: see the component's note. */}
        <div className="comics-plan-card__description" dangerouslySetInnerHTML={{ __html: plan.description }} />
        <p className="comics-plan-card__price">
          <span className="comics-plan-card__amount">
            {formatMessage(messages['premium.price'], { price: formatMoney(charge.price, locale) })}
          </span>{' '}
          <span className="comics-plan-card__period">
            {formatMessage(messages['premium.period'], { period: plan.period })}
          </span>
        </p>
        {/* A one-week plan's price is its weekly price already. */}
        {plan.weeks > 1 && (
          <p className="comics-plan-card__per-week">
            {formatMessage(messages['premium.pricePerWeek'], { price: formatMoney(charge.pricePerWeek, locale) })}
          </p>
        )}
      </div>
    </div>
  )
}
