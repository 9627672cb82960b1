import { useId } from 'react'
import { planOfSubscription } from '@comics/core'
import { useAuth, useGoBack, useMessages, useSubscription } from '../../hooks'
import { formatMessage } from '../../messages'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

export interface AccountHeaderProps {
  /** What the back button does; default the previous page, or / when the page was opened directly. */
  onBack?: () => void
  className?: string
}

/**
 * The account page's header (spec §2): a back button, 'MY ACCOUNT', 'Log Out' (signs out, clears the
 * session and goes to /, spec §4) and the account type badge: 'Basic' without a subscription, the plan in
 * force for a subscriber ('Premium · 12 weeks'; the spec's always-'Basic' badge is a defect, docs/decisions.md).
 * Its state is exposed as `data-state` on the badge: loading, basic or member.
 * @example
 * <AccountHeader />
 */
export function AccountHeader({ onBack, className }: AccountHeaderProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const { logout, pending, errorMessage } = useAuth()
  const titleId = useId()
  const back = useGoBack(onBack)
  const { active, isPending, error } = useSubscription()
  const plan = active ? planOfSubscription(active) : undefined
  const badgeState = isPending ? 'loading' : plan ? 'member' : 'basic'
  return (
    <header className={className ? `comics-account-header ${className}` : 'comics-account-header'} aria-labelledby={titleId}>
      <button type="button" className="comics-button comics-account-header__back" data-variant="ghost" onClick={back}>
        <span aria-hidden="true">←</span> {messages['common.back']}
      </button>
      <h1 id={titleId} className="comics-account-header__title">
        {messages['account.title']}
      </h1>
      {/* A failed load names no plan rather than a wrong one (YOUR BENEFITS offers the retry). */}
      {!error && (
        <span className="comics-account-header__badge" data-state={badgeState} aria-busy={isPending || undefined}>
          {isPending
            ? messages['common.loading']
            : plan
              ? formatMessage(messages['account.badgePlan'], { badge: plan.badge, duration: plan.duration })
              : messages['account.badge']}
        </span>
      )}
      <button
        type="button"
        className="comics-button comics-account-header__logout"
        disabled={pending}
        onClick={() => void logout()}
      >
        {messages['account.logOut']}
      </button>
      {errorMessage && (
        <p role="alert" className="comics-account-header__error">
          {errorMessage}
        </p>
      )}
    </header>
  )
}
