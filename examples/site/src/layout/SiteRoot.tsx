import { Suspense } from 'react'
import { Outlet, useNavigate } from 'react-router'
import { CookieConsentBanner } from '@comics/react'
import { SignInLinkFinish, SignInModal } from '../auth/AuthDialogs'
import { PreloadAuthOnSignIn } from '../auth/PreloadAuthOnSignIn'
import { RouteTitle } from '../head/RouteTitle'
import { NewVersionNotice } from '../offline/NewVersionNotice'
import { RemoveRevokedDownloads } from '../offline/RemoveRevokedDownloads'
import { AdultHostAgeGate } from './AdultHostAgeGate'
import { ScreenFallback } from './ScreenFallback'

/**
 * Around every route, the reader included: the modals any screen may open (sign-in, the age gate of
 * adult mode, the cookie banner), the end of an email-link sign-in when the page is opened from the
 * link, and the document's title announced on each navigation.
 */
export function SiteRoot() {
  const navigate = useNavigate()
  // The link's one-time code leaves the address once used, through the router so it knows.
  const leaveSignInLink = (address: string) => {
    const { pathname, search, hash } = new URL(address)
    void navigate(`${pathname}${search}${hash}`, { replace: true })
  }
  return (
    <>
      {/* Before the screen: in a server render the adult host's gate comes first in the HTML, so no
          part of the page can paint before it (the browser then moves it to its portal). */}
      <AdultHostAgeGate />
      {/* With the page's first paint, so early in the HTML: a browser paints the top of a long page before it
          has read the rest. The document's head hides it for a visitor who chose (server/document.ts). */}
      <CookieConsentBanner withFirstPaint />
      <Suspense fallback={<ScreenFallback />}>
        <Outlet />
      </Suspense>
      <SignInModal />
      <SignInLinkFinish onDone={leaveSignInLink} />
      <PreloadAuthOnSignIn />
      <RouteTitle />
      <NewVersionNotice />
      <RemoveRevokedDownloads />
    </>
  )
}
