import { resolveHost, type HostConfig, type SiteMode } from '@comics/core'

/**
 * Applies the host policy of spec §2 to the page's address: the mode of an adult or mirror host, or
 * null after sending the browser to the same path on the adult host (replace, so Back does not return
 * to the wrong host).
 */
export function resolveSiteHost(hostConfig: HostConfig, location: Location = window.location): SiteMode | null {
  const resolved = resolveHost(location.href, hostConfig)
  if ('mode' in resolved) return resolved.mode
  location.replace(resolved.redirectTo)
  return null
}
