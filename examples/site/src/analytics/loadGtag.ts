type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void }

/**
 * Loads gtag.js for a measurement id in consent mode: analytics storage starts denied and only the
 * user's Accept grants it (the gtag sink sends the update). Called only when an id is configured.
 */
export function loadGtag(measurementId: string, page: GtagWindow = window): void {
  page.dataLayer = page.dataLayer ?? []
  // gtag.js reads the queue as `arguments` objects, not arrays.
  page.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    page.dataLayer!.push(arguments)
  }
  page.gtag('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied' })
  page.gtag('js', new Date())
  page.gtag('config', measurementId)
  const script = page.document.createElement('script')
  script.async = true
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`
  page.document.head.append(script)
}
