import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { Footer, TopBar } from '@comics/react'
import { ScreenFallback } from './ScreenFallback'

/** The layout of spec §2: top bar, the screen, footer (its mail links use the site config's address). */
export function SiteLayout() {
  return (
    <div className="site-layout">
      <TopBar />
      <main className="site-layout__main">
        <Suspense fallback={<ScreenFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  )
}
