import { useId } from 'react'
import { membershipOffer } from '@comics/core'
import { useLink, useMessages, useSession, useSubscription } from '../../hooks'
import { usePremiumLink } from '../../hooks/usePremiumLink'

export interface SaleBannerProps {
  className?: string
}

/**
 * The sale banner of the home and premium pages: the offer and 'Become a member', which goes to
 * /premium, or opens the sign-in modal for a guest (spec §2 "Home"; core `premiumAction`). Shown only to
 * a guest or a reader without a subscription (core `membershipOffer`: the sale's discount is for a first
 * purchase); nothing while a signed-in reader's level is not known yet, so a subscriber is never courted.
 * @example <SaleBanner />
 */
export function SaleBanner({ className }: SaleBannerProps) {
  const messages = useMessages()
  const Link = useLink()
  const titleId = useId()
  const premium = usePremiumLink()
  const { signedIn } = useSession()
  const { level, isPending } = useSubscription()
  if (signedIn && (isPending || membershipOffer(level) !== 'join')) return null
  return (
    <section className={className ? `comics-sale-banner ${className}` : 'comics-sale-banner'} aria-labelledby={titleId}>
      <div className="comics-sale-banner__copy">
        <h2 id={titleId} className="comics-sale-banner__title">
          {messages['sale.title']}
        </h2>
        <p className="comics-sale-banner__text">{messages['sale.text']}</p>
      </div>
      <Link {...premium} className="comics-button comics-sale-banner__action">
        {messages['sale.becomeMember']}
      </Link>
    </section>
  )
}
