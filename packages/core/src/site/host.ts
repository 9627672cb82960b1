import type { SiteMode } from '../rules/access'

/** Which hosts serve which mode. Hosts may carry a port (`adult.localhost:5173`). */
export interface HostConfig {
  adultHost: string
  mirrorHosts: string[]
}

function sameHost(url: URL, configured: string): boolean {
  const wanted = configured.toLowerCase()
  return wanted.includes(':') ? url.host === wanted : url.hostname === wanted
}

/**
 * A configured host as an address's host: with its own port when it names one, else with the port of
 * the address it is reached from (so a site served on port 8080 under unported host names stays on it).
 */
function withPortOf(url: URL, configured: string): string {
  return configured.includes(':') || !url.port ? configured : `${configured}:${url.port}`
}

/**
 * The host policy of spec §2: the adult host serves adult mode, a configured mirror host normal mode,
 * and any other host is redirected to the same path, query and hash on the adult host, on the port the
 * request came to when the adult host is configured without one.
 * @example
 * resolveHost('http://other.localhost:5173/comic/7?x=1', { adultHost: 'adult.localhost:5173', mirrorHosts: ['localhost:5173'] })
 * // { redirectTo: 'http://adult.localhost:5173/comic/7?x=1' }
 */
export function resolveHost(
  url: string,
  config: HostConfig,
): { mode: SiteMode } | { redirectTo: string } {
  const parsed = new URL(url)
  if (sameHost(parsed, config.adultHost)) return { mode: 'adult' }
  if (config.mirrorHosts.some((host) => sameHost(parsed, host))) return { mode: 'normal' }
  return { redirectTo: `${parsed.protocol}//${withPortOf(parsed, config.adultHost)}${parsed.pathname}${parsed.search}${parsed.hash}` }
}

/**
 * The other main site: where the age gate's No leads from the adult host (the first mirror host),
 * at its root.
 */
export function otherMainSiteUrl(currentUrl: string, config: HostConfig): string {
  const parsed = new URL(currentUrl)
  const target = config.mirrorHosts[0] ?? config.adultHost
  return `${parsed.protocol}//${withPortOf(parsed, target)}/`
}
