import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, inlineScriptHashes } from '../../securityHeaders'
import { isSharedDocument, PRIVATE_DOCUMENT_HEADERS, SHARED_DOCUMENT_HEADERS, SHARED_FRESHNESS_BOUND_SECONDS } from '../../src/app/documentCaching'
import { screenHeaders } from '../../src/app/screenLoader'

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

describe("a shared cache's documents", () => {
  it('hashes the text of each inline script a browser runs, once, and no data block or script with a src', () => {
    const html = [
      '<html><head><script type="application/json" id="config">{"apiBaseUrl":"/api/v1"}</script>',
      '<script>document.documentElement.dataset.a = "1"</script>',
      '<script type="application/ld+json">{"@type":"ComicSeries"}</script>',
      '<link rel="modulepreload" href="/assets/entry.client-abc.js"/></head><body>',
      '<script>window.__reactRouterContext = {"a":"<\\/b>"};</script>',
      '<script type="module" async="">import "/assets/entry.client-abc.js";</script>',
      '<script src="/assets/other.js"></script><SCRIPT TYPE="text/javascript">x()</SCRIPT>',
      '<script>document.documentElement.dataset.a = "1"</script></body></html>',
    ].join('')
    expect(inlineScriptHashes(html)).toEqual([
      sha256('document.documentElement.dataset.a = "1"'),
      sha256('window.__reactRouterContext = {"a":"<\\/b>"};'),
      sha256('import "/assets/entry.client-abc.js";'),
      sha256('x()'),
    ])
  })

  it('admits the hashes in script-src in place of a nonce', () => {
    const hashes = [sha256('a()'), sha256('b()')]
    const policy = contentSecurityPolicy({}, { scriptHashes: hashes })
    expect(policy).toContain(`script-src 'self' ${hashes.join(' ')} https://apis.google.com;`)
    expect(policy).not.toContain("'nonce-")
    expect(policy).not.toContain("'unsafe-inline'")
  })

  it("keeps a guest's document for a few seconds in a shared cache only, and revalidates it in a browser", () => {
    expect(SHARED_DOCUMENT_HEADERS['Cache-Control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=25, stale-if-error=600')
    expect(SHARED_FRESHNESS_BOUND_SECONDS).toBe(30)
    expect(isSharedDocument(new Headers(SHARED_DOCUMENT_HEADERS))).toBe(true)
    expect(isSharedDocument(new Headers(PRIVATE_DOCUMENT_HEADERS))).toBe(false)
    expect(isSharedDocument(new Headers({ 'Cache-Control': 'no-store' }))).toBe(false)
    // A cache that knows nothing of the site's marks keeps a copy per cookie header.
    expect(SHARED_DOCUMENT_HEADERS.Vary).toBe('Cookie, Accept-Encoding')
  })

  it("gives a screen's document its loader's caching headers, one reader's without them", () => {
    const headersOf = (loaderHeaders: Headers) => new Headers(screenHeaders({ loaderHeaders, parentHeaders: new Headers(), actionHeaders: new Headers(), errorHeaders: undefined }) as HeadersInit)
    const shared = headersOf(new Headers(SHARED_DOCUMENT_HEADERS))
    expect(shared.get('Cache-Control')).toBe(SHARED_DOCUMENT_HEADERS['Cache-Control'])
    expect(shared.get('Vary')).toBe('Cookie, Accept-Encoding')
    const none = headersOf(new Headers())
    expect(none.get('Cache-Control')).toBe('private, no-cache')
    expect(none.get('Vary')).toBe('Cookie, Accept-Encoding')
  })
})
