import { useId, type ReactNode } from 'react'
import { routes } from '@comics/core'
import { useLink, useMessages } from '../../hooks'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

export interface TermsAgreementProps {
  /** The sentence of the box, e.g. the message 'premium.terms'. */
  text: string
  checked: boolean
  onChange: (checked: boolean) => void
  /** Class of the row (the checkbox and its label side by side). */
  className?: string
  /** Class of the checkbox. */
  checkboxClassName?: string
}

/**
 * The terms box before a payment: a checkbox whose label names the policies as links to their pages.
 * The policy names are messages of their own ('terms.termsAndConditions' → /terms-of-use,
 * 'policy.privacyPolicy' → /privacy-policy); where the sentence holds one, it becomes the link, so a
 * partner's sentence without them stays plain text. The label keeps the whole sentence as the
 * checkbox's name. A link inside the label opens its page without ticking the box.
 */
export function TermsAgreement({ text, checked, onChange, className, checkboxClassName }: TermsAgreementProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const Link = useLink()
  const id = useId()
  const policies = [
    { name: messages['terms.termsAndConditions'], to: routes.termsOfUse },
    { name: messages['policy.privacyPolicy'], to: routes.privacyPolicy },
  ].filter((policy) => policy.name !== '')

  // Splits the sentence at each policy name, left to right, keeping the text between as it is.
  const parts: ReactNode[] = []
  let rest = text
  for (;;) {
    const next = policies
      .map((policy) => ({ policy, at: rest.indexOf(policy.name) }))
      .filter(({ at }) => at >= 0)
      .sort((a, b) => a.at - b.at)[0]
    if (!next) break
    parts.push(
      rest.slice(0, next.at),
      <Link key={parts.length} to={next.policy.to} className="comics-link comics-terms__link">
        {next.policy.name}
      </Link>,
    )
    rest = rest.slice(next.at + next.policy.name.length)
  }
  parts.push(rest)

  return (
    <div className={className ? `comics-terms ${className}` : 'comics-terms'}>
      <input
        id={id}
        type="checkbox"
        className={checkboxClassName ? `comics-terms__checkbox ${checkboxClassName}` : 'comics-terms__checkbox'}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="comics-terms__label">
        {parts}
      </label>
    </div>
  )
}
