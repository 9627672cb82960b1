import { Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { routes } from '@comics/core'
import { Footer, SearchField, TopBar } from '@comics/react'
import { EmailConfirmationPrompt } from '../auth/AuthDialogs'
import { ScreenFallback } from './ScreenFallback'

/**
 * The layout of spec §2: top bar (with the search field), the screen, footer (its mail links use the site config's address). A
 * reader who has not confirmed their address yet is asked to, above every screen but the page the
 * confirmation link opens.
 */
export function SiteLayout() {
  const { pathname } = useLocation()
  return (
    <div className="site-layout">
      <TopBar search={<SearchField />} />
      <main className="site-layout__main">
        {pathname !== routes.emailAction && <EmailConfirmationPrompt className="site-layout__verify-email" />}
        <Suspense fallback={<ScreenFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  )
}

/** The layout route of src/routes.ts. */
export default SiteLayout
