import { useEffect, useId, useRef, useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  CANCELLATION_NOTICE_HOURS,
  cancellationOutcome,
  planOfSubscription,
  routes,
  type Subscription,
} from '@comics/core'
import { queryKeys, useApi, useLink, useLocale, useMessages, usePlans, useSession, useSubscription } from '../../hooks'
import { usePremiumLink } from '../../hooks/usePremiumLink'
import { formatMessage } from '../../messages'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

export interface AccountBenefitsProps {
  /** Locale of the access-until date; default the provider's `locale`. */
  locale?: string
  className?: string
}

/**
 * The account page's YOUR BENEFITS section (spec §2, §4 "Cancellation"): the membership title and
 * description; 'Upgrade Plan' while a higher plan exists, 'Become a Member' without a plan (both go to
 * /premium; for a guest 'Become a Member' opens the sign-in modal instead), no button at the top level; "YOU DON'T HAVE MEMBERSHIP" without a plan. A renewing
 * membership can have its auto-renewal cancelled, after a confirmation that says until when access stays
 * (focus goes to 'Keep auto-renewal'). A renewing membership shows when it renews ('Renews on {date}'), a
 * cancelled one until when access stays ('Access until {date}'); with
 * under 24 hours' notice it still renews once (core `cancellationOutcome`).
 *
 * The description is HTML written by the kit itself (core `PLANS`), rendered as it is.
 * @example
 * <AccountBenefits />
 */
export function AccountBenefits({ locale: localeProp, className }: AccountBenefitsProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const providerLocale = useLocale()
  const locale = localeProp ?? providerLocale
  const Link = useLink()
  const api = useApi()
  const queryClient = useQueryClient()
  const { user } = useSession()
  const { active, isPending, error, refetch } = useSubscription()
  const { hasMaximum } = usePlans()
  const premium = usePremiumLink()
  const headingId = useId()
  const [renewsOnce, setRenewsOnce] = useState(false)
  // Turning auto-renewal off cannot be undone here: the first click asks, the second does it.
  const [confirming, setConfirming] = useState(false)
  const promptId = useId()
  const keepButton = useRef<HTMLButtonElement>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)
  const focusAfter = useRef<'keep' | 'cancel' | null>(null)
  useEffect(() => {
    const target = focusAfter.current === 'keep' ? keepButton.current : focusAfter.current === 'cancel' ? cancelButton.current : null
    focusAfter.current = null
    target?.focus()
  })

  const cancel = useMutation({
    mutationFn: async (subscription: Subscription) => {
      const cancelledAt = new Date()
      const [cancelled] = (await api.subscriptions.cancel(subscription.id)).data
      return { cancelled: cancelled ?? { ...subscription, autoRenew: false }, cancelledAt }
    },
    onSettled: () => setConfirming(false),
    onError: () => {
      focusAfter.current = 'cancel'
    },
    onSuccess: ({ cancelled, cancelledAt }) => {
      const key = queryKeys.subscriptions(user?.uid ?? null)
      queryClient.setQueryData<Subscription[]>(key, (list) => list?.map((s) => (s.id === cancelled.id ? cancelled : s)))
      if (cancelled.currentPeriodEnd) {
        setRenewsOnce(cancellationOutcome(new Date(cancelled.currentPeriodEnd), cancelledAt).renewsOnce)
      }
    },
  })

  // The plan of the subscription in force; older records without a plan id are matched by level.
  const plan = active ? planOfSubscription(active) : undefined
  const renewalOff = active?.autoRenew === false
  const periodEnd = active?.currentPeriodEnd
    ? new Date(active.currentPeriodEnd).toLocaleDateString(locale, { dateStyle: 'long' })
    : null
  const rootClass = className ? `comics-card comics-account-benefits ${className}` : 'comics-card comics-account-benefits'

  return (
    <section className={rootClass} aria-labelledby={headingId} data-state={plan ? 'member' : 'none'}>
      <h2 id={headingId} className="comics-card__heading comics-account-benefits__heading">
        {messages['account.benefits']}
      </h2>
      {isPending ? (
        <p role="status" className="comics-account-benefits__status">
          {messages['common.loading']}
        </p>
      ) : error ? (
        <div role="alert" className="comics-account-benefits__error">
          <p>{messages['common.error']}</p>
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => void refetch()}>
            {messages['common.retry']}
          </button>
        </div>
      ) : (
        <>
          <h3 className="comics-account-benefits__title">
            {plan
              ? formatMessage(messages['account.membershipTitle'], { badge: plan.badge, duration: plan.duration })
              : messages['account.noMembership']}
          </h3>
          {plan && (
            <div className="comics-account-benefits__description" dangerouslySetInnerHTML={{ __html: plan.description }} />
          )}
          {!plan ? (
            <Link {...premium} className="comics-button comics-account-benefits__action">
              {messages['account.becomeMember']}
            </Link>
          ) : (
            !hasMaximum && (
              <Link to={routes.premium} className="comics-button comics-account-benefits__action">
                {messages['account.upgradePlan']}
              </Link>
            )
          )}
          {active && (
            <div className="comics-account-benefits__renewal" aria-live="polite" data-state={renewalOff ? 'off' : 'on'}>
              {renewalOff ? (
                <>
                  {periodEnd && (
                    <p className="comics-account-benefits__access-until">
                      {formatMessage(messages['account.accessUntil'], {
                        date: periodEnd,
                      })}
                    </p>
                  )}
                  <p>
                    {active.renewalFailed
                      ? messages['account.renewalFailed']
                      : renewsOnce
                        ? formatMessage(messages['account.renewsOnce'], { n: CANCELLATION_NOTICE_HOURS, hours: CANCELLATION_NOTICE_HOURS }, locale)
                        : messages['account.autoRenewOff']}
                  </p>
                </>
              ) : (
                <>
                  {periodEnd && (
                    <p className="comics-account-benefits__renews-on">
                      {formatMessage(messages['account.renewsOn'], { date: periodEnd })}
                    </p>
                  )}
                  {confirming ? (
                    <div className="comics-account-benefits__confirm" role="group" aria-labelledby={promptId}>
                      <p id={promptId}>
                        {periodEnd
                          ? formatMessage(messages['account.cancelConfirm'], {
                              date: periodEnd,
                            })
                          : messages['account.cancelConfirmNoDate']}
                      </p>
                      <div className="comics-account-benefits__confirm-actions">
                        <button
                          type="button"
                          className="comics-button comics-account-benefits__cancel"
                          disabled={cancel.isPending}
                          aria-busy={cancel.isPending || undefined}
                          onClick={() => cancel.mutate(active)}
                        >
                          {messages['account.cancelConfirmAction']}
                        </button>
                        <button
                          ref={keepButton}
                          type="button"
                          className="comics-button"
                          data-variant="ghost"
                          disabled={cancel.isPending}
                          onClick={() => {
                            focusAfter.current = 'cancel'
                            setConfirming(false)
                          }}
                        >
                          {messages['account.cancelKeep']}
                        </button>
                      </div>
                    </div>
                  ) : (
                    <button
                      ref={cancelButton}
                      type="button"
                      className="comics-button comics-account-benefits__cancel"
                      data-variant="ghost"
                      onClick={() => {
                        cancel.reset()
                        focusAfter.current = 'keep'
                        setConfirming(true)
                      }}
                    >
                      {messages['account.cancelAutoRenew']}
                    </button>
                  )}
                </>
              )}
              {cancel.isError && (
                <p role="alert" className="comics-account-benefits__error">
                  {messages['common.error']}
                </p>
              )}
            </div>
          )}
        </>
      )}
    </section>
  )
}
