import { describe, expect, it } from 'vitest'
import { SITE_CONFIG_ELEMENT_ID } from '../../src/app/documentMarks'
import { redirectAt } from '../../src/routes/siteRoutes'
import { documentWithConfig, newNonce, withScriptNonce } from '../../src/server/document'
import { fileCacheControl } from '../../src/server/siteServer'
import { serverRedirect } from '../../src/server/renderLanding'

const TEMPLATE = '<!doctype html><html><head><script>inline()</script><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>'

describe("the site server's documents", () => {
  it('puts the nonce on every script element and nowhere else', () => {
    const html = withScriptNonce(documentWithConfig(TEMPLATE, { apiBaseUrl: 'https://api.example/api/v1' }), 'abc')
    const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])
    expect(tags).toHaveLength(3)
    for (const tag of tags) expect(tag).toContain('nonce="abc"')
    expect(withScriptNonce('<p>a <scripted> word</p><noscript></noscript>', 'abc')).toBe('<p>a <scripted> word</p><noscript></noscript>')
  })

  it('gives the page its run-time settings before any script runs', () => {
    const html = documentWithConfig(TEMPLATE, { apiBaseUrl: 'https://api.example/api/v1' })
    expect(html.indexOf(`id="${SITE_CONFIG_ELEMENT_ID}"`)).toBeLessThan(html.indexOf('inline()'))
    expect(html).toContain('{"apiBaseUrl":"https://api.example/api/v1"}')
  })

  it('draws a new nonce each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce))
    expect(nonces.size).toBe(50)
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
  })

  it('caches hashed assets for good and revalidates anything else', () => {
    expect(fileCacheControl('/srv/dist', '/srv/dist/assets/index-abc.js')).toBe('public, max-age=31536000, immutable')
    expect(fileCacheControl('/srv/dist', '/srv/dist/featured/one.webp')).toBe('public, no-cache')
  })
})

describe('the redirects the server answers with', () => {
  it("follows the route table's guards for a guest only, and its own redirects for anyone", () => {
    for (const path of ['/premium', '/account', '/payment/4weeks']) {
      expect(redirectAt(path, false)).toBe('/')
      expect(redirectAt(path, true)).toBeNull()
    }
    expect(redirectAt('/payment', true)).toMatch(/^\/payment\/[^/]+$/)
    for (const path of ['/', '/categories', '/comic/7', '/comic/7/70', '/privacy-policy', '/no-such-page']) expect(redirectAt(path, false)).toBeNull()
  })

  it("sends a foreign host to the adult host's same address, before any guard", () => {
    expect(serverRedirect('http://elsewhere.localhost:4173/premium?x=1', false)).toBe('http://adult.localhost:4173/premium?x=1')
    expect(serverRedirect('http://localhost:4173/premium', false)).toBe('/')
    expect(serverRedirect('http://adult.localhost:4173/comic/7', false)).toBeNull()
  })
})
