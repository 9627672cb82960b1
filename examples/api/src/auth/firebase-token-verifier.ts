import { randomUUID } from 'node:crypto'
import type { TokenVerifier, VerifiedToken } from './token-verifier'

/**
 * Verifies ID tokens with firebase-admin. With `emulatorHost` set, firebase-admin trusts the Auth
 * emulator's unsigned tokens (it reads FIREBASE_AUTH_EMULATOR_HOST), which is how local runs and tests work.
 */
export async function createFirebaseTokenVerifier(options: {
  projectId: string
  emulatorHost: string | undefined
}): Promise<TokenVerifier> {
  // firebase-admin reads the emulator host from the environment when it verifies a token.
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost
  const { initializeApp } = await import('firebase-admin/app')
  const { getAuth } = await import('firebase-admin/auth')
  // A named app per server instance: tests build many servers in one process.
  const app = initializeApp({ projectId: options.projectId }, `api-${randomUUID()}`)
  const auth = getAuth(app)
  const recent = new Map<string, { token: VerifiedToken; expiresAt: number }>()

  return {
    async verify(idToken) {
      // Verified tokens are remembered until they expire, sparing a signature check on every request.
      const remembered = recent.get(idToken)
      if (remembered && remembered.expiresAt > Date.now()) return remembered.token
      const decoded = await auth.verifyIdToken(idToken)
      const token: VerifiedToken = { uid: decoded.uid, email: decoded.email, admin: decoded.admin === true }
      if (recent.size > 10_000) recent.clear()
      recent.set(idToken, { token, expiresAt: decoded.exp * 1000 })
      return token
    },
  }
}
