import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useMatches, useNavigate, useRouteError, useRouteLoaderData, Link, type LinksFunction, type LoaderFunctionArgs, type ShouldRevalidateFunction } from 'react-router'
import { createComicsApi, createMemoryStorage, type HostConfig, type SiteMode } from '@comics/core'
import { ComicsProvider, READER_MESSAGES, pageTitle, type FeaturedComic, type SiteConfig } from '@comics/react'
import stylesheet from './app.css?url'
import favicon from './favicon-32.png?no-inline'
import { SiteAuthContext } from './auth/siteAuthContext'
import { readSiteEnv, type SiteEnv } from './config/siteEnv'
import { createSiteServices, type SiteServices } from './app/createSiteServices'
import { browserSite, pageTakenOver } from './app/browserSite'
import { AGE_PASSED_ATTRIBUTE, SERVER_RENDERED_ATTRIBUTE, SITE_CONFIG_ELEMENT_ID } from './app/documentMarks'
import { START_APP_AFTER_PAINT, documentScripts } from './app/documentScripts'
import { jsonInScript } from './app/jsonInScript'
import { useNonce } from './app/nonce'
import { resolveSiteHost } from './host/resolveSiteHost'
import { SiteRoot } from './layout/SiteRoot'
import { registerServiceWorkerAfterLoad } from './offline/registerAfterLoad'
import type { ScreenLoaderData } from './app/screenLoader'
import { rootLoader } from './app/rootLoader.server'

/** What the document is rendered with, the same in the server's render and the browser's hydration. */
export interface RootData {
  siteMode: SiteMode
  /** The home carousel's titles for the host's mode (src/config/featuredComics.ts). */
  featured: readonly FeaturedComic[]
  /** Where the browser reaches the API (the server's SITE_API_BASE_URL), given to the page. */
  apiBaseUrl: string
  /** The port the page is served on: the default hosts follow it (readSiteEnv). */
  port: string
  /** A signed-in reader's page: the server does not know them, and leaves the page to the browser. */
  signedIn: boolean
  /** The adult host's age gate was answered Yes in this browser: the rendered gate is not shown. */
  agePassed: boolean
  /** The app shell (src/routes/app-shell.tsx): the worker opens any address in it, which the app renders. */
  shell: boolean
}

/**
 * The stylesheet, first in the head: with a precedence React writes it before the scripts' preloads, so
 * the browser asks for it first (the first paint waits for it; on HTTP/1.1 the preloads would take the
 * six connections before it).
 */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet, precedence: 'default' }]

export const loader = (args: LoaderFunctionArgs): RootData => rootLoader(args)

// The document's own data (the host's mode, the API's address) do not change while the page lives.
export const shouldRevalidate: ShouldRevalidateFunction = () => false

/** The document around every page: its head, the render in #root, and the framework's scripts. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  const root = useRouteLoaderData<RootData>('root')
  const matches = useMatches()
  const browserRendered = !root || root.signedIn || root.shell || matches.some((match) => (match.loaderData as ScreenLoaderData | undefined)?.browserRendered)
  // The page's structured data (a comic page's, a reader's), from its route's head.
  const jsonLd = [...matches].reverse().map((match) => (match.loaderData as ScreenLoaderData | undefined)?.head?.jsonLd).find(Boolean)
  const rootAttributes = browserRendered ? {} : { [SERVER_RENDERED_ATTRIBUTE]: '', ...(root.agePassed ? { [AGE_PASSED_ATTRIBUTE]: '' } : {}) }
  return (
    // The marks the head's scripts set before the first paint (a cookie choice, a session's) are the page's, not React's.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        {root && <script type="application/json" id={SITE_CONFIG_ELEMENT_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonInScript({ apiBaseUrl: root.apiBaseUrl }) }} />}
        {/* The head's script runs once, as the document is parsed: the server writes it, and the browser's
            build leaves its text out (React keeps the element it hydrates, and never runs a script again). */}
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? documentScripts({ reader: matches.some((match) => (match.handle as { reader?: boolean } | undefined)?.reader) }) : '' }}
          suppressHydrationWarning
        />
        {/* favicon.svg at 32 px as a PNG (cheap to decode): a hashed file, fetched once and kept (it was a data
            address in the document and in the browser's JS, 0.4 kB gzip of each). */}
        <link rel="icon" type="image/png" href={favicon} />
        <Meta />
        {jsonLd && <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonInScript(jsonLd) }} />}
        {/* Per host (the site's server answers for each): the name, colours and icons of the installed app. */}
        <link rel="manifest" href="/manifest.webmanifest" />
        <meta name="theme-color" content="#d81b60" />
        <Links />
      </head>
      <body>
        <div id="root" {...rootAttributes}>
          {children}
        </div>
        <ScrollRestoration nonce={nonce} />
        {/* Its module preloads are low priority (patches/react-router@*.patch, as Vite's index.html and React's
            bootstrap scripts have them): on a slow link 20 to 30 scripts would otherwise share it with the
            stylesheet and the page's image, and over HTTP/1.1 take the six connections before them. The browser
            leaves low-priority requests waiting while those load. */}
        {/* A document the server rendered starts the app after its first paint (START_APP_AFTER_PAINT); one the
            app renders alone waits for it anyway, and asks for its scripts at once. */}
        <Scripts nonce={nonce} {...(browserRendered ? {} : { 'data-start': 'after-paint' })} />
        {!browserRendered && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? START_APP_AFTER_PAINT : '' }} suppressHydrationWarning />}
      </body>
    </html>
  )
}


const noSubscription = () => () => {}

/** False in the server's render and while the browser hydrates it, true from then on. */
const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false)

/** The site's services: the page's own in the browser (made once), a request's own in the server's render. */
function useSiteServices(data: RootData): { env: SiteEnv; hostConfig: HostConfig; services: SiteServices } {
  const [site] = useState(() => {
    if (typeof window !== 'undefined') return browserSite()!
    const env = readSiteEnv({ port: data.port })
    const hostConfig = { adultHost: env.adultHost, mirrorHosts: env.mirrorHosts }
    // A first visit's: nothing stored, no analytics; the render asks nothing (its data came with the route).
    const api = createComicsApi({ baseUrl: data.apiBaseUrl, siteMode: data.siteMode })
    return { env, hostConfig, services: createSiteServices(env, data.siteMode, { storage: createMemoryStorage(), sinks: [], api }) }
  })
  return site
}

export default function App({ loaderData }: { loaderData: RootData }) {
  const { env, hostConfig, services } = useSiteServices(loaderData)
  const hydrated = useHydrated()
  const matches = useMatches()
  // A page the server left to the browser (a signed-in reader's, a reader with their own settings) is
  // rendered once the page has been taken over: until then, and in the server's render, #root is empty.
  const browserRendered = loaderData.signedIn || loaderData.shell || matches.some((match) => (match.loaderData as ScreenLoaderData | undefined)?.browserRendered)
  return (
    <SiteProviders env={env} hostConfig={hostConfig} siteMode={loaderData.siteMode} featured={loaderData.featured} services={services} browserRendered={browserRendered}>
      {browserRendered && !hydrated ? null : <SiteRoot />}
    </SiteProviders>
  )
}

interface SiteProvidersProps {
  env: SiteEnv
  hostConfig: HostConfig
  siteMode: SiteMode
  featured: readonly FeaturedComic[]
  services: SiteServices
  /** The browser renders the page itself (the server sent no render of its screen). */
  browserRendered: boolean
  children: ReactNode
}

/** The kit's provider, wired to the router's navigation and links, and the host policy. */
function SiteProviders({ env, hostConfig, siteMode, featured, services, browserRendered, children }: SiteProvidersProps) {
  const { session, ageGate, consent, auth, sinks, api, queryClient, storage, downloads, readerSettings } = services
  const site = useMemo<SiteConfig>(
    () => ({ hostConfig, supportEmail: env.supportEmail, featured }),
    [hostConfig, env.supportEmail, featured],
  )
  const { navigate, navigateReplace } = useStableNavigate()
  const stores = useMemo(() => ({ session, ageGate, consent, downloads, readerSettings }), [session, ageGate, consent, downloads, readerSettings])
  useEffect(() => {
    // The service worker, once the page has loaded (the first screen's path carries none of it).
    registerServiceWorkerAfterLoad()
  }, [])
  useEffect(() => {
    // A page the browser renders itself is the app's from the start; a server-rendered one once its
    // screen is hydrated (ScreenWithData).
    if (browserRendered) pageTakenOver()
  }, [browserRendered])
  return (
    <ComicsProvider
      api={api}
      queryClient={queryClient}
      siteMode={siteMode}
      site={site}
      stores={stores}
      storage={storage}
      auth={auth}
      analyticsSinks={sinks}
      navigate={navigate}
      navigateReplace={navigateReplace}
      linkComponent={Link}
    >
      <SiteAuthContext.Provider value={auth}>
        <HostPolicy hostConfig={hostConfig} />
        {children}
      </SiteAuthContext.Provider>
    </ComicsProvider>
  )
}

/** The host policy on every navigation (spec §2); the server applied it to the document's request. */
function HostPolicy({ hostConfig }: { hostConfig: HostConfig }) {
  const { key } = useLocation()
  const firstKey = useRef(key)
  useEffect(() => {
    if (key !== firstKey.current) void resolveSiteHost(hostConfig)
  }, [key, hostConfig])
  return null
}

/**
 * The router's navigate as one function for the life of the app: React Router's changes with each
 * location, and the kit's context (which every hook reads) would change with it.
 */
function useStableNavigate(): { navigate: (path: string) => void; navigateReplace: (path: string) => void } {
  const routerNavigate = useNavigate()
  const latest = useRef(routerNavigate)
  useEffect(() => {
    latest.current = routerNavigate
  }, [routerNavigate])
  // A replacing navigation (continuous reading moving the address to the episode in view) keeps the
  // window's scroll as it is: the reader scrolls its own strip.
  return useMemo(
    () => ({
      navigate: (path: string) => void latest.current(path),
      navigateReplace: (path: string) => void latest.current(path, { replace: true, preventScrollReset: true }),
    }),
    [],
  )
}

/** A failure no screen answered (the screens show their own errors, with a retry): the plain message. */
export function ErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <main className="site-error">
      <h1>{status === 404 ? pageTitle(READER_MESSAGES, { kind: 'notFound' }) : READER_MESSAGES['common.error']}</h1>
    </main>
  )
}

