import { useEffect, useMemo, useRef } from 'react'
import { BrowserRouter, Link, StaticRouter, useLocation, useNavigate, useRoutes } from 'react-router'
import type { HostConfig, SiteMode } from '@comics/core'
import { ComicsProvider, type SiteConfig } from '@comics/react'
import { SiteAuthContext } from '../auth/siteAuthContext'
import { featuredComicsFor } from '../config/featuredComics'
import type { SiteEnv } from '../config/siteEnv'
import { resolveSiteHost } from '../host/resolveSiteHost'
import { siteRoutes } from '../routes/siteRoutes'
import type { SiteServices } from './createSiteServices'
import { APP_RUNNING_ATTRIBUTE } from './documentMarks'

export interface SiteAppProps {
  env: SiteEnv
  hostConfig: HostConfig
  siteMode: SiteMode
  services: SiteServices
  /** The address a server renders (a static router); the browser's own address without it. */
  location?: string
}

/**
 * The kit's provider inside the router, wired to its navigation and links. React Router's declarative
 * mode: the site has no loaders or actions, and the data router's code would be on every page's critical
 * path (its weight is in docs/performance.md).
 */
export function SiteApp(props: SiteAppProps) {
  if (props.location !== undefined) {
    return (
      <StaticRouter location={props.location}>
        <SiteProviders {...props} />
      </StaticRouter>
    )
  }
  return (
    <BrowserRouter>
      <SiteProviders {...props} />
    </BrowserRouter>
  )
}

function SiteProviders({ env, hostConfig, siteMode, services }: SiteAppProps) {
  const { session, ageGate, auth, sinks, api, queryClient, storage, downloads } = services
  const site = useMemo<SiteConfig>(
    () => ({ hostConfig, supportEmail: env.supportEmail, featured: featuredComicsFor(siteMode) }),
    [hostConfig, env.supportEmail, siteMode],
  )
  const navigate = useStableNavigate()
  const stores = useMemo(() => ({ session, ageGate, downloads }), [session, ageGate, downloads])

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
      linkComponent={Link}
    >
      <SiteAuthContext.Provider value={auth}>
        <HostPolicy hostConfig={hostConfig} />
        <SiteRoutes />
      </SiteAuthContext.Provider>
    </ComicsProvider>
  )
}

function SiteRoutes() {
  useEffect(() => {
    // The page is the app's from here: a server-rendered one has been taken over (see src/main.tsx).
    document.documentElement.setAttribute(APP_RUNNING_ATTRIBUTE, '')
  }, [])
  return useRoutes(siteRoutes)
}

/** The host policy on every navigation (spec §2); the first check ran before the first render. */
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
function useStableNavigate(): (path: string) => void {
  const routerNavigate = useNavigate()
  const latest = useRef(routerNavigate)
  useEffect(() => {
    latest.current = routerNavigate
  }, [routerNavigate])
  return useMemo(() => (path: string) => void latest.current(path), [])
}
