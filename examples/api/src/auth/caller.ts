import type { FastifyRequest } from 'fastify'
import { HttpError } from '../http/http-error'
import type { TokenVerifier, VerifiedToken } from './token-verifier'

/** The caller of a request: a guest (null) or the owner of a valid ID token. */
export type Caller = VerifiedToken | null

const BEARER = /^Bearer\s+(\S+)$/i

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
  const match = BEARER.exec(header)
  let caller: Caller = null
  if (match?.[1]) {
    try {
      caller = await verifier.verify(match[1])
    } catch {
      caller = null
    }
  }
  if (!caller && access !== 'public') throw new HttpError(401, 'invalid_token', 'The ID token is missing, invalid or expired')
  if (access === 'admin' && !caller?.admin) throw new HttpError(403, 'admin_required', 'This call needs the admin claim')
  return caller
}
