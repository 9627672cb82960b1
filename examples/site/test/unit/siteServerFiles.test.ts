import { describe, expect, it } from 'vitest'
import { fileCacheControl, newNonce } from '../../src/server/siteServer'

describe("the site server's files and nonces", () => {
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
