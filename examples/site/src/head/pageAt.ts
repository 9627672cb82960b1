import { matchPath } from 'react-router'
import { routes } from '@comics/core'
import type { PolicyTitleKey } from '@comics/react'

/** Which page an address shows, for its title and head: the kind, and the comic and episode it names. */
export type PageAt =
  | { kind: 'home' | 'categories' | 'premium' | 'account' | 'payment' | 'coins' | 'emailAction' | 'admin' | 'notFound' }
  | { kind: 'comic'; comicId: string; uncensored: boolean }
  | { kind: 'reader'; comicId: string; chapterId: string; uncensored: boolean }
  | { kind: 'policy'; policy: PolicyTitleKey; path: string }

const POLICIES: Record<string, PolicyTitleKey> = {
  [routes.privacyPolicy]: 'policy.privacyPolicy',
  [routes.termsOfUse]: 'policy.termsOfUse',
  [routes.paymentAndRefund]: 'policy.paymentAndRefund',
}

const FIXED: Record<string, PageAt['kind']> = {
  [routes.home]: 'home',
  [routes.categories]: 'categories',
  [routes.premium]: 'premium',
  [routes.account]: 'account',
  [routes.coins]: 'coins',
  [routes.emailAction]: 'emailAction',
  [routes.admin]: 'admin',
  '/payment': 'payment',
}

/** The page at `pathname`, by the routes of spec §2 (src/routes/siteRoutes.tsx). */
export function pageAt(pathname: string): PageAt {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  const policy = POLICIES[path]
  if (policy) return { kind: 'policy', policy, path }
  const fixed = FIXED[path]
  if (fixed) return { kind: fixed } as PageAt
  if (matchPath('/payment/:planId', path)) return { kind: 'payment' }
  if (matchPath('/admin/*', path)) return { kind: 'admin' }
  const comic = matchPath('/comic/:comicId/:rest?/:uncensored?', path)
  if (comic) {
    const { comicId = '', rest, uncensored } = comic.params
    if (!rest) return { kind: 'comic', comicId, uncensored: false }
    if (rest === 'uncensored' && !uncensored) return { kind: 'comic', comicId, uncensored: true }
    if (!uncensored) return { kind: 'reader', comicId, chapterId: rest, uncensored: false }
    if (uncensored === 'uncensored') return { kind: 'reader', comicId, chapterId: rest, uncensored: true }
  }
  return { kind: 'notFound' }
}
