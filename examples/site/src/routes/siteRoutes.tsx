import { isValidElement } from 'react'
import { matchRoutes, Navigate, type NavigateProps, type RouteObject } from 'react-router'
import { DEFAULT_PAYMENT_PLAN_ID, paymentPath, routes } from '@comics/core'
import { SiteLayout } from '../layout/SiteLayout'
import { SiteRoot } from '../layout/SiteRoot'
import { RequireSignIn } from './RequireSignIn'
import {
  AccountScreen,
  AdminPreviewScreen,
  AdminScreen,
  CategoriesScreen,
  SearchScreen,
  CoinsScreen,
  ComicScreen,
  EmailActionScreen,
  HomeScreen,
  NotFoundScreen,
  PaymentAndRefundScreen,
  PaymentScreen,
  PremiumScreen,
  PrivacyPolicyScreen,
  ReaderScreen,
  TermsOfUseScreen,
  lazyScreenElementIn,
  type LazyScreen,
} from './lazyScreens'
import { categoriesLanding, comicLanding, homeLanding, readerLanding, type LandingContext, type LandingQueries, type LandingQuery, type SiteRouteHandle } from './landingQueries'

const landing = (queries: LandingQueries): SiteRouteHandle => ({ landing: queries })

/** The routes of spec §2. The reader is full screen: it sits outside the layout with the top bar. */
export const siteRoutes: RouteObject[] = [
  {
    element: <SiteRoot />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          { path: routes.home, element: <HomeScreen />, handle: landing(homeLanding) },
          { path: routes.categories, element: <CategoriesScreen />, handle: landing(categoriesLanding) },
          { path: routes.search, element: <SearchScreen /> },
          { path: '/comic/:comicId', element: <ComicScreen uncensored={false} />, handle: landing(comicLanding) },
          { path: '/comic/:comicId/uncensored', element: <ComicScreen uncensored />, handle: landing(comicLanding) },
          {
            path: routes.premium,
            element: (
              <RequireSignIn>
                <PremiumScreen />
              </RequireSignIn>
            ),
          },
          {
            path: routes.account,
            element: (
              <RequireSignIn>
                <AccountScreen />
              </RequireSignIn>
            ),
          },
          {
            path: routes.coins,
            element: (
              <RequireSignIn>
                <CoinsScreen />
              </RequireSignIn>
            ),
          },
          { path: '/payment', element: <Navigate to={paymentPath(DEFAULT_PAYMENT_PLAN_ID)} replace /> },
          {
            path: '/payment/:planId',
            element: (
              <RequireSignIn>
                <PaymentScreen />
              </RequireSignIn>
            ),
          },
          { path: routes.privacyPolicy, element: <PrivacyPolicyScreen /> },
          { path: routes.termsOfUse, element: <TermsOfUseScreen /> },
          { path: routes.paymentAndRefund, element: <PaymentAndRefundScreen /> },
          { path: routes.admin, element: <AdminScreen /> },
          { path: routes.emailAction, element: <EmailActionScreen /> },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
      // /comic/{id}/uncensored is the comic page above; a chapter id is never 'uncensored'.
      { path: '/comic/:comicId/:chapterId', element: <ReaderScreen uncensored={false} />, handle: landing(readerLanding(false)) },
      { path: '/comic/:comicId/:chapterId/uncensored', element: <ReaderScreen uncensored />, handle: landing(readerLanding(true)) },
      // An admin's preview of any episode in the reader, full screen as the reader is.
      { path: '/admin/preview/:comicId/:chapterId', element: <AdminPreviewScreen /> },
    ],
  },
]

/** What the routes show at `pathname`: the lazy screen, the props its element gives it, the path's parameters. */
export interface Landing {
  screen: LazyScreen
  props: Record<string, unknown>
  params: Record<string, string | undefined>
}

export function landingAt(pathname: string): Landing | undefined {
  const match = matchRoutes(siteRoutes, pathname)?.at(-1)
  const element = lazyScreenElementIn(match?.route.element)
  return element && match ? { screen: element.type, props: element.props, params: match.params } : undefined
}

/**
 * The kit's queries the screen at `pathname` (with `search`, its query string) makes first for a guest,
 * as its route declares them (`handle.landing`); none for a screen that declares none.
 */
export function landingQueriesAt(pathname: string, search: string, context: Omit<LandingContext, 'params' | 'search'>): LandingQuery[] {
  const match = matchRoutes(siteRoutes, pathname)?.at(-1)
  const queries = (match?.route.handle as SiteRouteHandle | undefined)?.landing
  return match && queries ? queries({ ...context, params: match.params, search: new URLSearchParams(search) }) : []
}

/**
 * Where the routes send a visitor who asks for `pathname` before anything renders: a `<Navigate>`
 * route's target, or for a guest (`signedIn` false) the redirect of a guarded route's `RequireSignIn`
 * (spec §2). Null when the routes show a screen. Read from the route table and the guard's own props, so
 * the server's HTTP redirects follow the routes the browser runs.
 */
export function redirectAt(pathname: string, signedIn: boolean): string | null {
  const match = matchRoutes(siteRoutes, pathname)?.at(-1)
  const element = match?.route.element
  if (!isValidElement(element)) return null
  if (element.type === Navigate) {
    const to = (element.props as NavigateProps).to
    return typeof to === 'string' ? to : null
  }
  if (element.type === RequireSignIn && !signedIn) return (element.props as { redirectTo?: string }).redirectTo ?? RequireSignIn.defaultRedirect
  return null
}
