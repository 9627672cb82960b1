import { resolveHost, type HostConfig } from '@comics/core/site'
import type { SiteMode } from '@comics/core/rules'

/**
 * The site mode of a request, from its Host header with the site's own host policy (core `resolveHost`):
 * the adult host is adult mode; a mirror host is normal mode. A host that is neither would be redirected
 * by the site; the API, which cannot redirect a JSON call, answers it in normal mode so that AO content
 * is only ever listed to the adult host.
 */
export function siteModeOfRequest(hostHeader: string | undefined, hosts: HostConfig): SiteMode {
  if (!hostHeader) return 'normal'
  try {
    const resolved = resolveHost(`http://${hostHeader}/`, hosts)
    return 'mode' in resolved ? resolved.mode : 'normal'
  } catch {
    return 'normal'
  }
}
