import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

export type DocumentEncoding = 'br' | 'gzip'

/** Below this a document is sent as it is: compressing saves less than a packet. */
export const MIN_COMPRESSED_BYTES = 1024
/** Brotli's middle quality, as for the API's answers (docs/decisions.md). */
const BROTLI_QUALITY = 5

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/**
 * The encoding a document is sent in for an `Accept-Encoding` header: Brotli when it is taken, else gzip,
 * else none (`q=0` refuses one, `*` takes any the header does not name).
 */
export function documentEncoding(acceptEncoding: string | undefined): DocumentEncoding | null {
  const weights = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const weight = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='))
    weights.set(name.trim(), weight === undefined ? 1 : Number(weight.slice(2)))
  }
  const takes = (name: DocumentEncoding) => {
    const weight = weights.get(name) ?? weights.get('*')
    return weight !== undefined && weight > 0
  }
  if (takes('br')) return 'br'
  if (takes('gzip')) return 'gzip'
  return null
}

/**
 * A rendered document as the client takes it. Documents are compressed per request (each has its own
 * nonce and render); none carries a secret that stays the same from one request to the next.
 */
export async function encodeDocument(html: string, acceptEncoding: string | undefined): Promise<{ body: string | Buffer; encoding: DocumentEncoding | null }> {
  const encoding = documentEncoding(acceptEncoding)
  if (!encoding || Buffer.byteLength(html) < MIN_COMPRESSED_BYTES) return { body: html, encoding: null }
  const body =
    encoding === 'br'
      ? await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } })
      : await gzipped(html)
  return { body, encoding }
}
