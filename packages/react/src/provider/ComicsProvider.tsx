import { useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import {
  createAgeGate,
  createSignInEmailStore,
  createAnalytics,
  createBrowserStorage,
  createComicsApi,
  createConsentStore,
  createLazyDownloadStore,
  createProgressStore,
  createReaderSettingsStore,
  createSessionStore,
  type AnalyticsSink,
  type AuthService,
  type ComicsApi,
  type KeyValueStorage,
  type SiteMode,
} from '@comics/core'
import { DEFAULT_LOCALE, READER_MESSAGES, type Messages } from '../messages'
import { createAuthModalController } from './authModalController'
import {
  ComicsContext,
  type ComicsContextValue,
  type ComicsStores,
  type LinkComponent,
  type NavigateOptions,
  type SiteConfig,
} from './comicsContext'
import { createDefaultQueryClient } from './createDefaultQueryClient'
import { DefaultLink } from './DefaultLink'

export interface ComicsProviderProps {
  children?: ReactNode
  /** A ready API client. Without it one is built from `apiBaseUrl`. */
  api?: ComicsApi
  /** The versioned API root (`/api/v1`) used to build the client when `api` is not given. */
  apiBaseUrl?: string
  /**
   * The auth service, or a function that builds it from the provider's session store (the Firebase
   * adapter writes the session it signs in). Without it, sign-in actions show an error message.
   */
  auth?: AuthService | ((stores: ComicsStores) => AuthService)
  /** Where the stores persist; default the browser's localStorage, surviving a denied or full one. */
  storage?: KeyValueStorage
  /** Stores made outside (for an auth service built before render); the others are built here. */
  stores?: Partial<ComicsStores>
  /** Default: a client that does not retry 4xx answers and retries network errors. */
  queryClient?: QueryClient
  /** The host's mode; default 'normal'. */
  siteMode?: SiteMode
  site?: SiteConfig
  /** Overrides of any visible string. */
  messages?: Partial<Messages>
  /**
   * The BCP 47 locale of plural forms, numbers, prices and dates (`'de-DE'`); default `'en-US'`.
   * The messages themselves stay as given: pass both for another language.
   */
  locale?: string
  /** Where analytics events go once the user accepts cookies. */
  analyticsSinks?: readonly AnalyticsSink[]
  /** In-app navigation; default `window.location.assign`. Pass your router's navigate. */
  navigate?: (path: string) => void
  /**
   * In-app navigation that takes the place of the current history entry: continuous reading moving the
   * address to the episode scrolled into, so that Back leaves the reader. Pass your router's replace
   * (`router.replace`, `navigate(path, { replace: true })`); default `navigate`, else `location.replace`.
   */
  navigateReplace?: (path: string) => void
  /** Leaving the app (checkout, other main site); default `window.location.assign`. */
  redirect?: (url: string) => void
  /** The link component for in-app paths, e.g. React Router's `Link`; default an `<a href>`. */
  linkComponent?: LinkComponent
  /**
   * Keep a signed-in reader's progress with their account (POST /me/progress: on sign-in, after reading,
   * when back online; core `createProgressSync`). Default true; false keeps it in this browser only.
   */
  syncProgress?: boolean
  /**
   * Offer downloads for offline reading (the reader's and the episode list's Download buttons, the
   * account's storage list). Default false: downloaded pages open offline only where a service worker
   * serves the app without network, as the kit's site does. Ignored when `stores.downloads` is given.
   */
  offlineDownloads?: boolean
}

const assignLocation = (url: string) => window.location.assign(url)
const replaceLocation = (url: string) => window.location.replace(url)

/**
 * The kit's one navigate from the provider's two: `replace` goes to `navigateReplace`, else to `navigate`
 * (a history entry added rather than none: nothing lost but Back's step), else to `location.replace`.
 */
function kitNavigate(navigate: ((path: string) => void) | undefined, navigateReplace: ((path: string) => void) | undefined) {
  const push = navigate ?? assignLocation
  const replace = navigateReplace ?? navigate ?? replaceLocation
  return (path: string, options?: NavigateOptions) => (options?.replace ? replace(path) : push(path))
}

/**
 * Gives every kit component its API client, auth, stores, query cache, site config, messages and
 * navigation. Render it once, around the part of the app that uses the kit.
 * Stores, analytics and the auth service are built once, on first render.
 * @example
 * <ComicsProvider
 *   apiBaseUrl="/api/v1"
 *   siteMode="adult"
 *   auth={({ session }) => createFirebaseAuth({ firebase, session })}
 *   navigate={(path) => routerNavigate(path)}
 *   linkComponent={Link}
 *   analyticsSinks={[gtagSink()]}
 * >
 *   <TopBar />
 * </ComicsProvider>
 */
export function ComicsProvider(props: ComicsProviderProps) {
  if (useContext(ComicsContext) !== null) {
    throw new Error(
      'ComicsProvider cannot be rendered inside another <ComicsProvider>: keep the outer one and pass it everything the kit needs.',
    )
  }
  const siteMode = props.siteMode ?? 'normal'

  const [built] = useState(() => {
    const storage = props.storage ?? createBrowserStorage()
    const given = props.stores ?? {}
    const stores: ComicsStores = {
      session: given.session ?? createSessionStore(storage),
      progress: given.progress ?? createProgressStore(storage),
      consent: given.consent ?? createConsentStore(storage),
      ageGate: given.ageGate ?? createAgeGate(storage),
      signInEmail: given.signInEmail ?? createSignInEmailStore(storage),
      readerSettings: given.readerSettings ?? createReaderSettingsStore(storage),
      downloads: given.downloads ?? createLazyDownloadStore(props.offlineDownloads ? {} : { caches: null }),
    }
    return {
      stores,
      analytics: createAnalytics({ consent: stores.consent, sinks: props.analyticsSinks ?? [] }),
      authModal: createAuthModalController(),
      auth: typeof props.auth === 'function' ? props.auth(stores) : (props.auth ?? null),
    }
  })
  const { stores } = built
  // Made only when the app gives none (the site gives its own, filled before the first render).
  const ownQueryClient = useRef<QueryClient | null>(null)
  const queryClient = props.queryClient ?? (ownQueryClient.current ??= createDefaultQueryClient())

  const { api: givenApi, apiBaseUrl } = props
  const api = useMemo(() => {
    if (givenApi) return givenApi
    if (!apiBaseUrl) {
      throw new Error('ComicsProvider needs an `api` or an `apiBaseUrl` such as "/api/v1".')
    }
    return createComicsApi({
      baseUrl: apiBaseUrl,
      getToken: () => stores.session.getSnapshot().token,
      siteMode,
    })
  }, [givenApi, apiBaseUrl, siteMode, stores])

  // Follow the provider's auth state (fresh token on every change, spec §4). The service belongs to
  // the site, which disposes of it.
  useEffect(() => {
    built.auth?.start().catch((error: unknown) => console.error('Auth service failed to start', error))
  }, [built.auth])

  // A signed-in reader's progress and settings follow their account (./readerSyncs.ts), loaded at the
  // first signed-in moment of the page; a failed load is tried again at the next change of session or
  // when the browser is back online. Progress stays in this browser meanwhile.
  const syncProgress = props.syncProgress ?? true
  useEffect(() => {
    let stop: (() => void) | undefined
    let starting = false
    let disposed = false
    const start = () => {
      if (stop || starting || !stores.session.getSnapshot().signedIn) return
      starting = true
      import('./readerSyncs')
        .then(({ startReaderSyncs }) => {
          if (!disposed) stop = startReaderSyncs({ api, stores, queryClient, syncProgress })
        })
        .catch((error: unknown) => console.error('Reader syncs failed to load', error))
        .finally(() => {
          starting = false
        })
    }
    start()
    const stopSession = stores.session.subscribe(start)
    const network = typeof window === 'undefined' ? undefined : window
    network?.addEventListener('online', start)
    return () => {
      disposed = true
      stopSession()
      network?.removeEventListener('online', start)
      stop?.()
    }
  }, [syncProgress, api, stores, queryClient])

  const { messages, site, navigate, navigateReplace, redirect, linkComponent, locale } = props
  const navigateInApp = useMemo(() => kitNavigate(navigate, navigateReplace), [navigate, navigateReplace])
  const value = useMemo<ComicsContextValue>(
    () => ({
      api,
      auth: built.auth,
      stores,
      analytics: built.analytics,
      siteMode,
      site: site ?? {},
      messages: messages ? { ...READER_MESSAGES, ...messages } : READER_MESSAGES,
      locale: locale ?? DEFAULT_LOCALE,
      navigate: navigateInApp,
      redirect: redirect ?? assignLocation,
      Link: linkComponent ?? DefaultLink,
      authModal: built.authModal,
    }),
    [api, built, stores, siteMode, site, messages, locale, navigateInApp, redirect, linkComponent],
  )

  return (
    <QueryClientProvider client={queryClient}>
      <ComicsContext.Provider value={value}>{props.children}</ComicsContext.Provider>
    </QueryClientProvider>
  )
}
