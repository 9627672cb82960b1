import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { AgeVerificationModal, AuthModal, CookieConsentBanner } from '@comics/react'
import { PreloadAuthOnSignIn } from '../auth/PreloadAuthOnSignIn'
import { ScreenFallback } from './ScreenFallback'
import { ScrollRestoration } from './ScrollRestoration'

/**
 * Around every route, the reader included: the modals any screen may open (sign-in, the age gate of
 * adult mode, the cookie banner) and the page's scroll position (top on a new page, restored on Back).
 */
export function SiteRoot() {
  return (
    <>
      <Suspense fallback={<ScreenFallback />}>
        <Outlet />
      </Suspense>
      <AuthModal />
      <PreloadAuthOnSignIn />
      <AgeVerificationModal />
      <CookieConsentBanner />
      <ScrollRestoration />
    </>
  )
}
