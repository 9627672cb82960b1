import { createElement, isValidElement, lazy, useState, type ComponentType, type FunctionComponent, type ReactElement } from 'react'

/**
 * A screen in a chunk of its own. Until its module has loaded it suspends (the layout's fallback shows);
 * once `load` has resolved, a new instance renders it at once. That matters on the first commit: React
 * keeps a fallback it has shown for at least 300 ms before revealing what suspended, so a screen that
 * suspends on landing paints that much later even when its chunk is already there.
 */
export interface LazyScreen<P = object> extends FunctionComponent<P> {
  load(): Promise<void>
}

export function lazyScreen<P extends object>(importModule: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
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
  return Object.assign(Screen, { load: () => load().then(() => undefined) })
}

// Every screen is its own chunk: the home page loads only what it shows.
export const HomeScreen = lazyScreen(() => import('../screens/HomeScreen'))
export const CategoriesScreen = lazyScreen(() => import('../screens/CategoriesScreen'))
export const ComicScreen = lazyScreen(() => import('../screens/ComicScreen'))
export const ReaderScreen = lazyScreen(() => import('../screens/ReaderScreen'))
export const PremiumScreen = lazyScreen(() => import('../screens/PremiumScreen'))
export const PaymentScreen = lazyScreen(() => import('../screens/PaymentScreen'))
export const AccountScreen = lazyScreen(() => import('../screens/AccountScreen'))
export const CoinsScreen = lazyScreen(() => import('../screens/CoinsScreen'))
export const PrivacyPolicyScreen = lazyScreen(() => import('../screens/PrivacyPolicyScreen'))
export const TermsOfUseScreen = lazyScreen(() => import('../screens/TermsOfUseScreen'))
export const PaymentAndRefundScreen = lazyScreen(() => import('../screens/PaymentAndRefundScreen'))
export const EmailActionScreen = lazyScreen(() => import('../screens/EmailActionScreen'))
export const NotFoundScreen = lazyScreen(() => import('../screens/NotFoundScreen'))
export const AdminScreen = lazyScreen(() => import('../admin/AdminScreen'))
export const AdminPreviewScreen = lazyScreen(() => import('../admin/AdminPreviewScreen'))

const isLazyScreen = (type: unknown): type is LazyScreen => typeof type === 'function' && typeof (type as Partial<LazyScreen>).load === 'function'

/** The element of the lazy screen a route's element shows, through wrappers such as RequireSignIn. */
export function lazyScreenElementIn(element: unknown): ReactElement<Record<string, unknown>, LazyScreen> | undefined {
  for (let current = element; isValidElement(current); current = (current as ReactElement<{ children?: unknown }>).props.children) {
    if (isLazyScreen(current.type)) return current as ReactElement<Record<string, unknown>, LazyScreen>
  }
  return undefined
}
