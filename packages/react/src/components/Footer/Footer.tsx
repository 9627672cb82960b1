import { routes } from '@comics/core'
import { formatMessage } from '../../messages'
import { useLink, useMessages, useSiteConfig } from '../../hooks'

export interface FooterProps {
  /** Address of 'Contact us' and 'For Creators'; default the site config's `supportEmail`. */
  supportEmail?: string
  className?: string
}

/** Without a configured address the support mail goes to this host's support mailbox. */
const fallbackSupportEmail = () =>
  `support@${typeof window === 'undefined' ? 'localhost' : window.location.hostname || 'localhost'}`

/**
 * The site footer (spec §2 "Layout"): 'Contact us' and 'For Creators' as support mail links, the
 * Privacy Policy, Terms of Use and Payment and Refund Policy links, and a copyright line.
 * @example
 * <Footer supportEmail="support@comics.example" />
 */
export function Footer({ supportEmail, className }: FooterProps) {
  const messages = useMessages()
  const Link = useLink()
  const site = useSiteConfig()
  const email = supportEmail ?? site.supportEmail ?? fallbackSupportEmail()
  const forCreators = `mailto:${email}?subject=${encodeURIComponent(messages['footer.forCreators'])}`

  return (
    <footer className={className ? `comics-footer ${className}` : 'comics-footer'}>
      <nav className="comics-footer__nav" aria-label={messages['footer.label']}>
        <ul className="comics-footer__links">
          <li>
            <a className="comics-link" href={`mailto:${email}`}>
              {messages['footer.contactUs']}
            </a>
          </li>
          <li>
            <a className="comics-link" href={forCreators}>
              {messages['footer.forCreators']}
            </a>
          </li>
        </ul>
        <ul className="comics-footer__links">
          <li>
            <Link className="comics-link" to={routes.privacyPolicy}>
              {messages['policy.privacyPolicy']}
            </Link>
          </li>
          <li>
            <Link className="comics-link" to={routes.termsOfUse}>
              {messages['policy.termsOfUse']}
            </Link>
          </li>
          <li>
            <Link className="comics-link" to={routes.paymentAndRefund}>
              {messages['policy.paymentAndRefund']}
            </Link>
          </li>
        </ul>
      </nav>
      <p className="comics-footer__copyright">
        {formatMessage(messages['footer.copyright'], { year: new Date().getFullYear() })}
      </p>
    </footer>
  )
}
