import { inject, onTestFinished } from 'vitest'
import { createMemoryStorage, createSessionStore } from '@comics/core'
import { createFirebaseAuth, type FirebaseAuthConfig } from '@comics/core/firebase'
import { AUTH_EMULATOR_PROJECT } from '../../../../tools/auth-emulator/src/index'

let apps = 0

/**
 * A Firebase auth service on the test run's Auth emulator, with its own Firebase app, memory storage and
 * session store; disposed when the test finishes. What it logs is collected in `logged`.
 */
export function createEmulatorAuth(overrides: Partial<FirebaseAuthConfig> = {}) {
  const host = inject('authEmulatorHost')
  const storage = createMemoryStorage()
  const session = createSessionStore(storage)
  const logged: unknown[][] = []
  const auth = createFirebaseAuth({
    firebase: { apiKey: 'demo-api-key', projectId: AUTH_EMULATOR_PROJECT },
    emulatorUrl: `http://${host}`,
    session,
    appName: `auth-emulator-test-${++apps}`,
    logger: { error: (...args: unknown[]) => void logged.push(args) },
    ...overrides,
  })
  onTestFinished(() => auth.dispose())
  return { auth, session, storage, host, logged }
}

/** The claims of an ID token (the emulator's tokens are unsigned JWTs). */
export const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
