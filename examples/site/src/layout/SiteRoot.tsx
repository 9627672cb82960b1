import { Suspense } from 'react'
import { Outlet, ScrollRestoration } from 'react-router'
import { ScreenFallback } from './ScreenFallback'

/**
 * Around every route, the reader included: the modals any screen may open and the page's scroll
 * position (top on a new page, restored on Back).
 */
export function SiteRoot() {
  return (
    <>
      <Suspense fallback={<ScreenFallback />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  )
}
