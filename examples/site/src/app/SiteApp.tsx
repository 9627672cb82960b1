import { useEffect, useMemo, useState } from 'react'
import { createBrowserRouter, Link, RouterProvider } from 'react-router'
import { createBrowserStorage, createSessionStore, type HostConfig, type SiteMode } from '@comics/core'
import { ComicsProvider, type SiteConfig } from '@comics/react'
import { analyticsSinks } from '../analytics/analyticsSinks'
import { createSiteAuth } from '../auth/createSiteAuth'
import { SiteAuthContext } from '../auth/siteAuthContext'
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
  // The session store is made here so the auth service exists before the provider: the site keeps a
  // handle on it (SiteAuthContext) and gives both to the kit.
  const [{ session, auth }] = useState(() => {
    const store = createSessionStore(createBrowserStorage())
    return { session: store, auth: createSiteAuth(env, store) }
  })

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
      stores={{ session }}
      auth={auth}
      analyticsSinks={sinks}
      navigate={navigate}
      linkComponent={Link}
    >
      <SiteAuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </SiteAuthContext.Provider>
    </ComicsProvider>
  )
}
