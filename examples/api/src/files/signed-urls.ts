import { createHmac, timingSafeEqual } from 'node:crypto'

/** How long a signed page URL works at least: a reader's tab open this long still reads (docs/decisions.md). */
export const SIGNED_URL_MIN_LIFETIME_MS = 50 * 60_000
/**
 * Signed URLs are made per window of this length, all expiring one hour after their window began: every
 * reader within a window gets the same URL for a page (a CDN keeps one copy, the catalogue cache one
 * answer), and each URL works between 50 and 60 minutes after it was handed out.
 */
export const SIGNED_URL_WINDOW_MS = 10 * 60_000
export const SIGNED_URL_TTL_MS = SIGNED_URL_MIN_LIFETIME_MS + SIGNED_URL_WINDOW_MS

/** Query parameters of a signed file URL: its expiry (Unix seconds) and the signature. */
export const EXPIRES_PARAM = 'expires'
export const SIGNATURE_PARAM = 'signature'

export interface SigningWindow {
  /** When the window began: the signing date of its presigned URLs. */
  signedAt: Date
  expiresAt: Date
}

/** The window `now` falls in, and when its URLs expire. */
export function signingWindowAt(now: Date): SigningWindow {
  const start = Math.floor(now.getTime() / SIGNED_URL_WINDOW_MS) * SIGNED_URL_WINDOW_MS
  return { signedAt: new Date(start), expiresAt: new Date(start + SIGNED_URL_TTL_MS) }
}

export type SignatureCheck = 'valid' | 'expired' | 'invalid'

/**
 * HMAC-SHA256 signatures of a stored name and an expiry, made and checked by every instance with the
 * same secret (FILES_SIGNING_SECRET). The signature covers the image, not a rendition: `?w=` picks a
 * narrower copy of the same image, and the reader's retry marker is ignored, as for any file URL.
 */
export class UrlSigner {
  constructor(private readonly secret: string) {}

  private signature(name: string, expiresSeconds: number): string {
    return createHmac('sha256', this.secret).update(`${name}\n${expiresSeconds}`).digest('base64url')
  }

  /** `url` (the file's public address) with its expiry and signature. */
  sign(url: string, name: string, expiresAt: Date): string {
    const seconds = Math.floor(expiresAt.getTime() / 1000)
    return `${url}?${EXPIRES_PARAM}=${seconds}&${SIGNATURE_PARAM}=${this.signature(name, seconds)}`
  }

  check(name: string, expires: unknown, signature: unknown, now: Date): SignatureCheck {
    if (typeof expires !== 'string' || typeof signature !== 'string' || !/^[0-9]{1,12}$/.test(expires)) return 'invalid'
    const expected = Buffer.from(this.signature(name, Number(expires)))
    const given = Buffer.from(signature)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid'
    return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'valid'
  }
}

/** The signed address of a stored image and its expiry, as an asset lists them, for the window of `now`. */
export function signedFile(signer: UrlSigner, url: string, name: string, now: Date): { url: string; expiresAt: string } {
  const { expiresAt } = signingWindowAt(now)
  return { url: signer.sign(url, name, expiresAt), expiresAt: expiresAt.toISOString() }
}
