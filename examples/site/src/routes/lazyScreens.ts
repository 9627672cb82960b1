import { createElement, isValidElement, lazy, useState, type ComponentType, type FunctionComponent, type ReactElement } from 'react'

/**
 * A screen in a chunk of its own. Until its module has loaded it suspends (the layout's fallback shows);
 * once `load` has resolved, a new instance renders it at once. That matters on the first commit: React
 * keeps a fallback it has shown for at least 300 ms before revealing what suspended, so a screen that
 * suspends on landing paints that much later even when its chunk is already there.
 */
export interface LazyScreen<P = object> extends FunctionComponent<P> {
  load(): Promise<void>
  /** Its module, from the site's root: the key of its chunk in the build's manifest, for the server's preloads. */
  module: string
}

export function lazyScreen<P extends object>(module: string, importModule: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  const load = () =>
    (loading ??= importModule().then(
      (module) => {
        loaded = module.default
        return module
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  const Suspending = lazy(load)
  function Screen(props: P) {
    // Chosen once per instance: changing the element's type later would mount the screen again.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Suspending)
    return createElement(Component, props)
  }
  return Object.assign(Screen, { load: () => load().then(() => undefined), module })
}

// Every screen is its own chunk: the home page loads only what it shows.
export const HomeScreen = lazyScreen('src/screens/HomeScreen.tsx', () => import('../screens/HomeScreen'))
export const CategoriesScreen = lazyScreen('src/screens/CategoriesScreen.tsx', () => import('../screens/CategoriesScreen'))
export const SearchScreen = lazyScreen('src/screens/SearchScreen.tsx', () => import('../screens/SearchScreen'))
export const ComicScreen = lazyScreen('src/screens/ComicScreen.tsx', () => import('../screens/ComicScreen'))
export const ReaderScreen = lazyScreen('src/screens/ReaderScreen.tsx', () => import('../screens/ReaderScreen'))
export const PremiumScreen = lazyScreen('src/screens/PremiumScreen.tsx', () => import('../screens/PremiumScreen'))
export const PaymentScreen = lazyScreen('src/screens/PaymentScreen.tsx', () => import('../screens/PaymentScreen'))
export const AccountScreen = lazyScreen('src/screens/AccountScreen.tsx', () => import('../screens/AccountScreen'))
export const CoinsScreen = lazyScreen('src/screens/CoinsScreen.tsx', () => import('../screens/CoinsScreen'))
export const PrivacyPolicyScreen = lazyScreen('src/screens/PrivacyPolicyScreen.tsx', () => import('../screens/PrivacyPolicyScreen'))
export const TermsOfUseScreen = lazyScreen('src/screens/TermsOfUseScreen.tsx', () => import('../screens/TermsOfUseScreen'))
export const PaymentAndRefundScreen = lazyScreen('src/screens/PaymentAndRefundScreen.tsx', () => import('../screens/PaymentAndRefundScreen'))
export const EmailActionScreen = lazyScreen('src/screens/EmailActionScreen.tsx', () => import('../screens/EmailActionScreen'))
export const NotFoundScreen = lazyScreen('src/screens/NotFoundScreen.tsx', () => import('../screens/NotFoundScreen'))
export const AdminScreen = lazyScreen('src/admin/AdminScreen.tsx', () => import('../admin/AdminScreen'))
export const AdminPreviewScreen = lazyScreen('src/admin/AdminPreviewScreen.tsx', () => import('../admin/AdminPreviewScreen'))

const isLazyScreen = (type: unknown): type is LazyScreen => typeof type === 'function' && typeof (type as Partial<LazyScreen>).load === 'function'

/** The element of the lazy screen a route's element shows, through wrappers such as RequireSignIn. */
export function lazyScreenElementIn(element: unknown): ReactElement<Record<string, unknown>, LazyScreen> | undefined {
  for (let current = element; isValidElement(current); current = (current as ReactElement<{ children?: unknown }>).props.children) {
    if (isLazyScreen(current.type)) return current as ReactElement<Record<string, unknown>, LazyScreen>
  }
  return undefined
}

// Parts of a screen in chunks of their own: likes and comments, fetched once the screen shows. Declared here,
// in the entry's chunk, not in their screen's chunk: a dynamic import made from a lazily loaded chunk lists the
// entry's stylesheet among what it preloads, by that build's name, so a tab that took a new build (its worker
// and document) while still holding the last build's screen chunk would link a stylesheet that is gone.
export const EpisodeComments = lazy(() => import('../comments/EpisodeComments'))
export const ComicReactions = lazy(() => import('../comments/ComicReactions'))
