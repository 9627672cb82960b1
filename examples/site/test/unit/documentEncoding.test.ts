import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { documentEncoding, encodeDocument, MIN_COMPRESSED_BYTES } from '../../src/server/documentEncoding'

describe('documentEncoding', () => {
  test.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip;q=1', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['identity', null],
    ['deflate', null],
    ['', null],
    [undefined, null],
  ])('Accept-Encoding %j: %s', (accept, expected) => {
    expect(documentEncoding(accept)).toBe(expected)
  })
})

describe('encodeDocument', () => {
  const html = `<!doctype html><html><body>${'<p class="comics-reader__page">A page of the episode</p>'.repeat(200)}</body></html>`

  test('compresses a document in the encoding the client takes, which decodes to the same text', async () => {
    const br = await encodeDocument(html, 'gzip, deflate, br')
    expect(br.encoding).toBe('br')
    expect(brotliDecompressSync(br.body as Buffer).toString('utf8')).toBe(html)
    expect((br.body as Buffer).length).toBeLessThan(html.length / 10)
    const gzip = await encodeDocument(html, 'gzip')
    expect(gzip.encoding).toBe('gzip')
    expect(gunzipSync(gzip.body as Buffer).toString('utf8')).toBe(html)
  })

  test('leaves a document plain for a client that takes no compression, and a small one for anyone', async () => {
    expect(await encodeDocument(html, 'identity')).toEqual({ body: html, encoding: null })
    const small = '<!doctype html><p>Moved</p>'
    expect(small.length).toBeLessThan(MIN_COMPRESSED_BYTES)
    expect(await encodeDocument(small, 'br')).toEqual({ body: small, encoding: null })
  })
})
