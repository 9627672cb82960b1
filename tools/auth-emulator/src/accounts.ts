import { getApps, initializeApp, type App } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { AUTH_EMULATOR_PROJECT, emulatorUrl } from './project'

/** The emulator accepts any API key; this one only fills the required parameter. */
const EMULATOR_API_KEY = 'demo-api-key'

export interface SignedInAccount {
  uid: string
  idToken: string
}

/** A kept-alive connection the emulator closed as it was reused: the request never reached it. */
function isClosedConnection(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause
  return cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET'
}

async function identityToolkit<T>(host: string, method: string, body: unknown, attempt = 1): Promise<T> {
  let response: Response
  try {
    response = await fetch(
      `${emulatorUrl(host)}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${EMULATOR_API_KEY}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    )
  } catch (error) {
    // Sent once more on a fresh connection; a sign-up that did land then answers EMAIL_EXISTS (see createUser).
    if (attempt < 3 && isClosedConnection(error)) return identityToolkit(host, method, body, attempt + 1)
    throw error
  }
  if (!response.ok) throw new Error(`accounts:${method} failed: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/**
 * Deletes every account of the demo project: run it between tests.
 * @example beforeEach(() => clearAccounts(host))
 */
export async function clearAccounts(host: string): Promise<void> {
  const response = await fetch(`${emulatorUrl(host)}/emulator/v1/projects/${AUTH_EMULATOR_PROJECT}/accounts`, {
    method: 'DELETE',
  })
  if (!response.ok) throw new Error(`Clearing accounts failed: ${response.status} ${await response.text()}`)
}

/**
 * Signs in with email and password and returns the uid and a fresh ID token (which carries the
 * account's current custom claims).
 * @example const { idToken } = await signIn(host, 'reader@example.com', 'secret-1')
 */
export async function signIn(host: string, email: string, password: string): Promise<SignedInAccount> {
  const result = await identityToolkit<{ localId: string; idToken: string }>(host, 'signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  })
  return { uid: result.localId, idToken: result.idToken }
}

/** firebase-admin for this emulator host: it reaches the emulator through FIREBASE_AUTH_EMULATOR_HOST. */
function adminAppFor(host: string): App {
  const current = process.env.FIREBASE_AUTH_EMULATOR_HOST
  if (current === undefined || current === '') process.env.FIREBASE_AUTH_EMULATOR_HOST = host
  else if (current !== host) {
    throw new Error(`FIREBASE_AUTH_EMULATOR_HOST is ${current}, but the claims are for the emulator at ${host}`)
  }
  const name = `comics-auth-emulator-${host}`
  return getApps().find((app) => app.name === name) ?? initializeApp({ projectId: AUTH_EMULATOR_PROJECT }, name)
}

/**
 * Sets custom claims (such as `{ admin: true }`) with firebase-admin. Tokens issued afterwards carry
 * them: sign in again to get one.
 * @example await setCustomClaims(host, uid, { admin: true })
 */
export async function setCustomClaims(host: string, uid: string, claims: Record<string, unknown>): Promise<void> {
  await getAuth(adminAppFor(host)).setCustomUserClaims(uid, claims)
}

/**
 * Whether a sign-up's token may count as revoked. The emulator's sign-up takes the sign-in time (the
 * token's `auth_time`) when the request arrives and the account's `validSince` a moment later, both in
 * whole seconds: when a second ends between the two, `verifyIdToken(token, true)` refuses the token as
 * revoked. The token is issued after both, so an `auth_time` in the same second as its `iat` is safe; an
 * earlier one may not be, and a sign-in then gives a token whose `auth_time` is not before `validSince`.
 */
function signedBeforeValidSince(idToken: string): boolean {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { auth_time?: number; iat?: number }
  return payload.auth_time === undefined || payload.iat === undefined || payload.auth_time < payload.iat
}

/**
 * Creates a password account and signs it in; with `claims`, they are set first, so the returned token
 * carries them.
 * @example const admin = await createUser(host, { email: 'admin@example.com', password: 'secret-1', claims: { admin: true } })
 */
export async function createUser(
  host: string,
  input: { email: string; password: string; claims?: Record<string, unknown> },
): Promise<SignedInAccount> {
  const created = await identityToolkit<{ localId: string; idToken: string }>(host, 'signUp', {
    email: input.email,
    password: input.password,
    returnSecureToken: true,
  }).catch(async (error: unknown) => {
    // A sign-up sent again after a closed connection may find its own account made by the first send.
    if (error instanceof Error && error.message.includes('EMAIL_EXISTS')) {
      const existing = await signIn(host, input.email, input.password)
      return { localId: existing.uid, idToken: existing.idToken }
    }
    throw error
  })
  if (input.claims === undefined) {
    if (!signedBeforeValidSince(created.idToken)) return { uid: created.localId, idToken: created.idToken }
    return signIn(host, input.email, input.password)
  }
  await setCustomClaims(host, created.localId, input.claims)
  return signIn(host, input.email, input.password)
}
