import { resolveHost, type HostConfig } from '@comics/core/site'
import type { SiteMode } from '@comics/core/rules'

/** How many distinct Host headers a resolver remembers (the header is the client's: the memory is bounded). */
const REMEMBERED_HOSTS = 256

/**
 * The site mode of a request, from its Host header with the site's own host policy (core `resolveHost`):
 * the adult host is adult mode; a mirror host is normal mode. A host that is neither would be redirected
 * by the site; the API, which cannot redirect a JSON call, answers it in normal mode so that AO content
 * is only ever listed to the adult host.
 */
function siteModeOfRequest(hostHeader: string | undefined, hosts: HostConfig): SiteMode {
  if (!hostHeader) return 'normal'
  try {
    const resolved = resolveHost(`http://${hostHeader}/`, hosts)
    return 'mode' in resolved ? resolved.mode : 'normal'
  } catch {
    return 'normal'
  }
}

/**
 * `siteModeOfRequest` for one host policy, remembering its answer per Host header: parsing the header as
 * a URL was a tenth of the cost of a cached comics/list call, and a server sees a handful of hosts.
 */
export function siteModeResolver(hosts: HostConfig): (hostHeader: string | undefined) => SiteMode {
  const modes = new Map<string, SiteMode>()
  return (hostHeader) => {
    if (!hostHeader) return 'normal'
    let mode = modes.get(hostHeader)
    if (mode === undefined) {
      mode = siteModeOfRequest(hostHeader, hosts)
      if (modes.size >= REMEMBERED_HOSTS) modes.clear()
      modes.set(hostHeader, mode)
    }
    return mode
  }
}
