import { useId } from 'react'
import { useLink, useMessages } from '../../hooks'
import { usePremiumLink } from '../../hooks/usePremiumLink'

export interface SaleBannerProps {
  className?: string
}

/**
 * The sale banner of the home and premium pages: the offer and 'Become a member', which goes to
 * /premium, or opens the sign-in modal for a guest (spec §2 "Home"; core `premiumAction`).
 * @example <SaleBanner />
 */
export function SaleBanner({ className }: SaleBannerProps) {
  const messages = useMessages()
  const Link = useLink()
  const titleId = useId()
  const premium = usePremiumLink()
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
