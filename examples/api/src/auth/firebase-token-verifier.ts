import { randomUUID } from 'node:crypto'
import type { TokenVerifier, VerifiedToken } from './token-verifier'

/**
 * How long a verified token is remembered: a revoked or disabled account is refused at the latest this long
 * after the change (docs/decisions.md, "Bad tokens"). A token is never remembered past its own expiry.
 */
export const VERIFIED_TOKEN_MAX_AGE_MS = 60_000

/**
 * Verifies ID tokens with firebase-admin, checking that the account is neither disabled nor revoked
 * (`checkRevoked`). With `emulatorHost` set, firebase-admin trusts the Auth emulator's unsigned tokens (it
 * reads FIREBASE_AUTH_EMULATOR_HOST), which is how local runs and tests work; it still checks their
 * expiry, audience and issuer. Without it, a token must carry Google's RS256 signature: and since
 * firebase-admin decides from the process environment at each verification, a verifier not asked to trust
 * the emulator refuses every token while FIREBASE_AUTH_EMULATOR_HOST is set in the environment (by
 * another part of the same process, say), rather than let firebase-admin skip the signature.
 */
export async function createFirebaseTokenVerifier(options: {
  projectId: string
  emulatorHost: string | undefined
  /** Milliseconds since the epoch; the clock the remembered tokens age by. */
  now?: () => number
}): Promise<TokenVerifier> {
  // firebase-admin reads the emulator host from the environment when it verifies a token.
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost
  const now = options.now ?? Date.now
  const { initializeApp } = await import('firebase-admin/app')
  const { getAuth } = await import('firebase-admin/auth')
  // A named app per server instance: tests build many servers in one process.
  const app = initializeApp({ projectId: options.projectId }, `api-${randomUUID()}`)
  const auth = getAuth(app)
  const recent = new Map<string, { token: VerifiedToken; expiresAt: number }>()
  const forget = (uid?: string) => {
    if (uid === undefined) recent.clear()
    else for (const [idToken, { token }] of recent) if (token.uid === uid) recent.delete(idToken)
  }

  return {
    async verify(idToken) {
      if (!options.emulatorHost && process.env.FIREBASE_AUTH_EMULATOR_HOST) {
        throw new Error('FIREBASE_AUTH_EMULATOR_HOST is set in the environment, but this verifier was not asked to trust the Auth emulator')
      }
      // Verified tokens are remembered for a short while, sparing a look-up of the account on every request.
      const remembered = recent.get(idToken)
      if (remembered && remembered.expiresAt > now()) return remembered.token
      recent.delete(idToken)
      const decoded = await auth.verifyIdToken(idToken, true)
      const token: VerifiedToken = { uid: decoded.uid, email: decoded.email, admin: decoded.admin === true, authTime: decoded.auth_time }
      if (recent.size > 10_000) recent.clear()
      recent.set(idToken, { token, expiresAt: Math.min(decoded.exp * 1000, now() + VERIFIED_TOKEN_MAX_AGE_MS) })
      return token
    },

    forget,

    async deleteAccount(uid) {
      // This server forgets the account's tokens at once; the others are told by the erasure's
      // notification (account-erasures.ts), or refuse them once their remembered copy ages out.
      forget(uid)
      try {
        await auth.revokeRefreshTokens(uid)
        await auth.deleteUser(uid)
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'auth/user-not-found') throw error
      }
    },
  }
}
