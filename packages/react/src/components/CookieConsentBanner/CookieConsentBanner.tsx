import { useEffect, useId, useState } from 'react'
import { COOKIE_BANNER_DELAY_MS } from '@comics/core'
import { useConsent, useMessages } from '../../hooks'

export interface CookieConsentBannerProps {
  className?: string
}

/**
 * The cookie consent banner (spec §2 "Modals", §4): 'We use cookies' with Reject and Accept. It appears
 * 1 second after the page opens when no choice is stored; once the user chooses it goes away for good
 * (the choice is stored under 'google-analytics-consent'). Accept opens the analytics gate and grants
 * analytics storage through the provider's sinks; Reject denies it. It is a named region, not a modal:
 * the page stays usable and focus is not trapped.
 * @example
 * <ComicsProvider apiBaseUrl="/api/v1" analyticsSinks={[gtagSink()]}>
 *   <CookieConsentBanner />
 * </ComicsProvider>
 */
export function CookieConsentBanner({ className }: CookieConsentBannerProps) {
  const messages = useMessages()
  const { state, accept, reject } = useConsent()
  const [delayOver, setDelayOver] = useState(false)
  const titleId = useId()
  const unset = state === 'unset'

  useEffect(() => {
    if (!unset) return
    const timer = setTimeout(() => setDelayOver(true), COOKIE_BANNER_DELAY_MS)
    return () => clearTimeout(timer)
  }, [unset])

  if (!unset || !delayOver) return null
  return (
    <section
      className={className ? `comics-cookie-banner ${className}` : 'comics-cookie-banner'}
      aria-labelledby={titleId}
      data-state="open"
    >
      <p id={titleId} className="comics-cookie-banner__title">
        {messages['cookies.title']}
      </p>
      <div className="comics-cookie-banner__actions">
        <button type="button" className="comics-button comics-cookie-banner__reject" data-variant="ghost" onClick={reject}>
          {messages['cookies.reject']}
        </button>
        <button type="button" className="comics-button comics-cookie-banner__accept" onClick={accept}>
          {messages['cookies.accept']}
        </button>
      </div>
    </section>
  )
}
