import { useEffect, useMemo } from 'react'
import { Link, RouterProvider } from 'react-router'
import type { HostConfig, SiteMode } from '@comics/core'
import { ComicsProvider, type SiteConfig } from '@comics/react'
import { SiteAuthContext } from '../auth/siteAuthContext'
import { featuredComicsFor } from '../config/featuredComics'
import type { SiteEnv } from '../config/siteEnv'
import { resolveSiteHost } from '../host/resolveSiteHost'
import type { SiteServices } from './createSiteServices'

export interface SiteAppProps {
  env: SiteEnv
  hostConfig: HostConfig
  siteMode: SiteMode
  services: SiteServices
}

/** The kit's provider around the router, wired to the router's navigation and links. */
export function SiteApp({ env, hostConfig, siteMode, services }: SiteAppProps) {
  const { router, session, auth, sinks, api, queryClient } = services

  // The host policy on every navigation (spec §2); the first check ran before the first render.
  useEffect(() => router.subscribe(() => void resolveSiteHost(hostConfig)), [router, hostConfig])

  const site = useMemo<SiteConfig>(
    () => ({ hostConfig, supportEmail: env.supportEmail, featured: featuredComicsFor(siteMode) }),
    [hostConfig, env.supportEmail, siteMode],
  )
  const navigate = useMemo(() => (path: string) => void router.navigate(path), [router])
  const stores = useMemo(() => ({ session }), [session])

  return (
    <ComicsProvider
      api={api}
      queryClient={queryClient}
      siteMode={siteMode}
      site={site}
      stores={stores}
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
