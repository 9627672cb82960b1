import type { IncomingMessage, ServerResponse } from 'node:http'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * The headers helmet's middleware sets with `options`, recorded once: they depend on the options only,
 * never on the request, and setting them with the reply's own headers (one `writeHead`) is far cheaper
 * than running the middleware on every request.
 */
function recordHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  }
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error
  })
  return Object.freeze(headers)
}

/**
 * Every answer of the API (JSON and images): the headers a REST answer needs (OWASP's REST security cheat
 * sheet) — no content of any kind may run or be framed, no MIME sniffing, HTTPS only — and the images may
 * be embedded by the site's other origins. The headers that only concern HTML documents are left to the
 * checkout page: each header costs a cached list call some of its throughput.
 */
export const API_SECURITY_HEADERS = recordHeaders({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  xFrameOptions: { action: 'deny' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
})

/** The sandbox checkout page, an HTML document: helmet's full set; the page sets its own script policy. */
export const DOCUMENT_SECURITY_HEADERS = recordHeaders({ contentSecurityPolicy: false, xFrameOptions: { action: 'deny' } })
