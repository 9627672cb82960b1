import type { FastifyRequest } from 'fastify'
import { HttpError } from '../http/http-error'
import type { TokenVerifier, VerifiedToken } from './token-verifier'

/** The caller of a request: a guest (null) or the owner of a valid ID token. */
export type Caller = VerifiedToken | null

const BEARER = /^Bearer\s+(\S+)$/i

/** Each request's token verified once, whoever asks first (the rate limit's key or the endpoint). */
const verifiedTokens = new WeakMap<FastifyRequest, Promise<Caller>>()

/** The owner of the request's valid ID token, or null (no token, or one that is invalid or expired). */
export function verifiedCallerOf(request: FastifyRequest, verifier: TokenVerifier): Promise<Caller> {
  let verified = verifiedTokens.get(request)
  if (!verified) {
    const match = BEARER.exec(request.headers.authorization ?? '')
    verified = match?.[1] ? verifier.verify(match[1]).catch(() => null) : Promise.resolve(null)
    verifiedTokens.set(request, verified)
  }
  return verified
}

/**
 * Reads `Authorization: Bearer {token}` (spec §6). On a public call an invalid or expired token makes the
 * caller a guest, so a stale token never breaks browsing; on a signed-in call it is a 401.
 */
export async function identifyCaller(
  request: FastifyRequest,
  verifier: TokenVerifier,
  access: 'public' | 'user' | 'admin',
): Promise<Caller> {
  const header = request.headers.authorization
  if (!header) {
    if (access !== 'public') throw new HttpError(401, 'sign_in_required', 'Sign in to use this call')
    return null
  }
  const caller = await verifiedCallerOf(request, verifier)
  if (!caller && access !== 'public') throw new HttpError(401, 'invalid_token', 'The ID token is missing, invalid or expired')
  if (access === 'admin' && !caller?.admin) throw new HttpError(403, 'admin_required', 'This call needs the admin claim')
  return caller
}
