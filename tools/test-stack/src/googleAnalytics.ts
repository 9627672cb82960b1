import type { BrowserContext, Request } from 'playwright'

/**
 * Google's hosts a page could reach for analytics: gtag.js (googletagmanager.com), its hits
 * (google-analytics.com, analytics.google.com, region1.google-analytics.com, ...), and the *.google.com
 * and doubleclick endpoints gtag.js may also use. Not apis.google.com, which Firebase's popup sign-in
 * loads (gapiStandIn.ts).
 */
export function isGoogleAnalyticsUrl(url: URL): boolean {
  const host = url.hostname
  if (host === 'apis.google.com') return false
  return /(^|\.)(googletagmanager\.com|google-analytics\.com|google\.com|doubleclick\.net)$/.test(host)
}

/**
 * What the tests serve for gtag.js (this machine has no internet): like gtag.js, it works through the
 * page's `dataLayer` queue (the calls queued before it loaded, then every later push) and sends a hit
 * to https://www.google-analytics.com/g/collect for each `config` (the page view) and each `event`,
 * with the event's name as `en` and its parameters as `ep.*`. Consent commands send nothing.
 */
const GTAG_STAND_IN = `(() => {
  const queue = (window.dataLayer = window.dataLayer || [])
  let measurementId = ''
  const hit = (name, params) => {
    const query = new URLSearchParams({ v: '2', tid: measurementId, en: name, dl: location.href })
    for (const [key, value] of Object.entries(params || {})) query.set('ep.' + key, String(value))
    fetch('https://www.google-analytics.com/g/collect?' + query, { method: 'POST', mode: 'no-cors', keepalive: true })
  }
  const run = (args) => {
    const [command, first, second] = Array.from(args)
    if (command === 'config') {
      measurementId = first
      hit('page_view', {})
    } else if (command === 'event') hit(first, second)
  }
  queue.forEach(run)
  const push = queue.push.bind(queue)
  queue.push = (...items) => {
    items.forEach(run)
    return push(...items)
  }
})()`

/** One request the page made to a Google analytics host. */
export interface GoogleRequest {
  url: URL
  /** 'script' for gtag.js, 'hit' for a collection request, 'other' for anything else. */
  kind: 'script' | 'hit' | 'other'
  /** A hit's event name (`en`). */
  event: string | undefined
}

/**
 * Answers every request of the context to Google's analytics hosts without the network: gtag.js with
 * the stand-in, hits with 204. Returns the list of those requests, in order, as they happen.
 */
export async function routeGoogleAnalytics(context: BrowserContext): Promise<GoogleRequest[]> {
  const requests: GoogleRequest[] = []
  const classify = (request: Request): GoogleRequest => {
    const url = new URL(request.url())
    const kind = url.pathname === '/gtag/js' ? 'script' : /\/(g|j|ccm)\/collect$/.test(url.pathname) ? 'hit' : 'other'
    return { url, kind, event: url.searchParams.get('en') ?? undefined }
  }
  await context.route(isGoogleAnalyticsUrl, async (route) => {
    const request = classify(route.request())
    requests.push(request)
    if (request.kind === 'script') {
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: GTAG_STAND_IN })
    } else {
      await route.fulfill({ status: 204, headers: { 'Access-Control-Allow-Origin': '*' } })
    }
  })
  return requests
}

/** Every other test: a request to Google's analytics hosts is refused, so nothing leaves the machine. */
export async function refuseGoogleAnalytics(context: BrowserContext): Promise<void> {
  await context.route(isGoogleAnalyticsUrl, (route) => route.abort('blockedbyclient'))
}
