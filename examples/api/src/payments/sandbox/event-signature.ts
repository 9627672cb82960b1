import { createHmac, timingSafeEqual } from 'node:crypto'
import { InvalidProviderEvent } from '../provider/payment-provider'

/** The header carrying an event's timestamp and signature: `t={unix seconds},v1={hex}` (Stripe's scheme). */
export const SIGNATURE_HEADER = 'sandbox-signature'
/** How old an event's timestamp may be (either way) before it is refused as a possible replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')

/** The signature header for `body` sent at `timestamp` (unix seconds): HMAC-SHA256 over `timestamp.body`. */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`
}

/**
 * Checks a signature header against the body: a `v1` that matches HMAC-SHA256(secret, `t.body`)
 * (compared in constant time; several `v1` are allowed while a secret is rotated) and a `t` within the
 * tolerance of `now`. Throws {@link InvalidProviderEvent}.
 */
export function verifySignature(secret: string, header: string | undefined, body: string, now: Date): void {
  if (!header) throw new InvalidProviderEvent('missing_signature', `No ${SIGNATURE_HEADER} header`)
  let timestamp: number | undefined
  const signatures: string[] = []
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2)
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value)
    if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value)
  }
  if (timestamp === undefined || signatures.length === 0) throw new InvalidProviderEvent('bad_signature', 'Unreadable signature header')
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex')
  if (!signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected))) {
    throw new InvalidProviderEvent('bad_signature', 'The signature does not match the body')
  }
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new InvalidProviderEvent('stale_timestamp', `The event's timestamp is more than ${SIGNATURE_TOLERANCE_SECONDS} s away`)
  }
}
