import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'
import { COOKIE_BANNER_DELAY_MS, routes } from '@comics/core'
import { useConsent, useLink, useMessages } from '../../hooks'

/**
 * The custom property on the document's root that holds the height the open banner takes at the bottom
 * of the viewport (its own height and its margin). The kit's full-screen reader lifts its footer above it, so the
 * banner never covers the reader's controls; a site pads its page by it the same way.
 */
export const COOKIE_BANNER_SPACE_PROPERTY = '--comics-cookie-banner-space'

/**
 * The attribute a server-rendering site puts on the document's root, from a script in its head, when the
 * visitor's storage holds a choice: the banner a server rendered with the page (`withFirstPaint`) is then
 * never painted, before the app has read the choice and taken it away.
 */
export const COOKIE_CHOICE_ATTRIBUTE = 'data-comics-cookie-choice'

export interface CookieConsentBannerProps {
  className?: string
  /**
   * Part of the page from its first paint: rendered by the server (which cannot know the visitor's
   * choice, so it renders it for everyone) and kept by the hydration, instead of 1 second after the app
   * starts. For a server-rendering site whose head hides it for a visitor with a stored choice
   * ({@link COOKIE_CHOICE_ATTRIBUTE}); a page the browser renders alone still waits the second.
   */
  withFirstPaint?: boolean
}

const noSubscription = () => () => {}

/**
 * The cookie consent banner (spec §2 "Modals", §4): 'We use cookies' with Reject and Accept. It appears
 * 1 second after the page opens when no choice is stored (with the page's first paint on a server-rendered
 * page, `withFirstPaint`: docs/decisions.md); once the user chooses it goes away for good
 * (the choice is stored under 'google-analytics-consent'). Accept opens the analytics gate and grants
 * analytics storage through the provider's sinks; Reject denies it. It is a named region, not a modal:
 * the page stays usable and focus is not trapped. Under the title, a line says what the cookies are for,
 * with a link to the privacy policy. While it is open, the room it takes at the bottom of the viewport is
 * published as `--comics-cookie-banner-space` on the root, which the full-screen reader's footer rises above, so
 * the reader's Prev, List Episodes and Next stay above it and usable.
 * @example
 * <ComicsProvider apiBaseUrl="/api/v1" analyticsSinks={[gtagSink()]}>
 *   <CookieConsentBanner />
 * </ComicsProvider>
 */
export function CookieConsentBanner({ className, withFirstPaint = false }: CookieConsentBannerProps) {
  const messages = useMessages()
  const Link = useLink()
  const { state, accept, reject } = useConsent()
  // True in a server's render and in the hydration that takes it over; false in a render of the browser alone.
  const fromServer = useSyncExternalStore(noSubscription, () => false, () => true)
  const [delayOver, setDelayOver] = useState(withFirstPaint && fromServer)
  const titleId = useId()
  const purposeId = useId()
  const bannerRef = useRef<HTMLElement>(null)
  const unset = state === 'unset'
  const open = unset && delayOver

  useEffect(() => {
    if (!unset || delayOver) return
    const timer = setTimeout(() => setDelayOver(true), COOKIE_BANNER_DELAY_MS)
    return () => clearTimeout(timer)
  }, [unset, delayOver])

  // Before paint, so the reader never shows its bar under the banner, even for a frame.
  useLayoutEffect(() => {
    const banner = bannerRef.current
    if (!open || !banner) return
    const root = document.documentElement
    const publish = () => {
      const space = Math.max(0, Math.ceil(window.innerHeight - banner.getBoundingClientRect().top))
      root.style.setProperty(COOKIE_BANNER_SPACE_PROPERTY, `${space}px`)
    }
    publish()
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish)
    observer?.observe(banner)
    window.addEventListener('resize', publish)
    return () => {
      observer?.disconnect()
      window.removeEventListener('resize', publish)
      root.style.removeProperty(COOKIE_BANNER_SPACE_PROPERTY)
    }
  }, [open])

  if (!open) return null
  return (
    <section
      ref={bannerRef}
      className={className ? `comics-cookie-banner ${className}` : 'comics-cookie-banner'}
      aria-labelledby={titleId}
      aria-describedby={purposeId}
      data-state="open"
    >
      <div className="comics-cookie-banner__text">
        <p id={titleId} className="comics-cookie-banner__title">
          {messages['cookies.title']}
        </p>
        <p id={purposeId} className="comics-cookie-banner__purpose">
          {messages['cookies.purpose']}{' '}
          <Link to={routes.privacyPolicy} className="comics-link comics-cookie-banner__policy">
            {messages['policy.privacyPolicy']}
          </Link>
        </p>
      </div>
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
