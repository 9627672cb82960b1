import { useEffect, useMemo, useState } from 'react'
import { createBrowserRouter, Link, RouterProvider } from 'react-router'
import type { HostConfig, SiteMode } from '@comics/core'
import { ComicsProvider, type ComicsStores, type SiteConfig } from '@comics/react'
import { analyticsSinks } from '../analytics/analyticsSinks'
import { createSiteAuth } from '../auth/createSiteAuth'
import { featuredComicsFor } from '../config/featuredComics'
import type { SiteEnv } from '../config/siteEnv'
import { resolveSiteHost } from '../host/resolveSiteHost'
import { siteRoutes } from '../routes/siteRoutes'

export interface SiteAppProps {
  env: SiteEnv
  hostConfig: HostConfig
  siteMode: SiteMode
}

/** The kit's provider around the router, wired to the router's navigation and links. */
export function SiteApp({ env, hostConfig, siteMode }: SiteAppProps) {
  const [router] = useState(() => createBrowserRouter(siteRoutes))
  const [sinks] = useState(() => analyticsSinks(env))

  // The host policy on every navigation (spec §2); the first check ran before the first render.
  useEffect(() => router.subscribe(() => void resolveSiteHost(hostConfig)), [router, hostConfig])

  const site = useMemo<SiteConfig>(
    () => ({ hostConfig, supportEmail: env.supportEmail, featured: featuredComicsFor(siteMode) }),
    [hostConfig, env.supportEmail, siteMode],
  )
  const navigate = useMemo(() => (path: string) => void router.navigate(path), [router])

  return (
    <ComicsProvider
      apiBaseUrl={env.apiBaseUrl}
      siteMode={siteMode}
      site={site}
      auth={({ session }: ComicsStores) => createSiteAuth(env, session)}
      analyticsSinks={sinks}
      navigate={navigate}
      linkComponent={Link}
    >
      <RouterProvider router={router} />
    </ComicsProvider>
  )
}
