import { randomUUID } from 'node:crypto'
import { initializeApp } from 'firebase-admin/app'
import { getAuth, type Auth } from 'firebase-admin/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { createFirebaseTokenVerifier, VERIFIED_TOKEN_MAX_AGE_MS } from '../src/auth/firebase-token-verifier'
import { bearer, createAccount, type Account } from './support/accounts'
import { catalogueFacts } from './support/catalogue-facts'
import { startTestServer, type TestServer } from './support/test-server'

let server: TestServer
let facts: Awaited<ReturnType<typeof catalogueFacts>>
let adminAuth: Auth

beforeAll(async () => {
  server = await startTestServer()
  facts = await catalogueFacts(server.db)
  adminAuth = getAuth(initializeApp({ projectId: 'demo-comics' }, `tokens-test-${randomUUID()}`))
})
afterAll(() => server?.close())

/** The emulator's unsigned token with some claims changed: what a forger or a stale client could send. */
function withClaims(idToken: string, change: (claims: Record<string, unknown>) => Record<string, unknown>): string {
  const [header, payload, signature] = idToken.split('.')
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>
  return [header, Buffer.from(JSON.stringify(change(claims))).toString('base64url'), signature ?? ''].join('.')
}

/**
 * What `revokeRefreshTokens` does (tokens issued before `validSince` stop being valid), with `validSince` one
 * second after the token's sign-in: revocation counts whole seconds, so revoking in the second of the
 * sign-in would leave the token valid.
 */
async function revokeSessionsAfterSignIn(account: Account): Promise<void> {
  const { auth_time: authTime } = JSON.parse(Buffer.from(account.idToken.split('.')[1]!, 'base64url').toString('utf8')) as { auth_time: number }
  const response = await fetch(`http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: account.uid, validSince: String(authTime + 1) }),
  })
  expect(response.status, await response.text()).toBe(200)
}

const nowSeconds = () => Math.floor(Date.now() / 1000)
const FOREIGN = 'demo-other-project'

const BAD_TOKENS: Record<string, (account: Account) => string> = {
  'not a JWT': () => 'not-a-token',
  'a JWT with its payload cut': (account) => account.idToken.split('.')[0] + '..',
  expired: (account) => withClaims(account.idToken, (claims) => ({ ...claims, iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 })),
  'of another project (aud)': (account) => withClaims(account.idToken, (claims) => ({ ...claims, aud: FOREIGN })),
  'of another project (aud and iss)': (account) =>
    withClaims(account.idToken, (claims) => ({ ...claims, aud: FOREIGN, iss: `https://securetoken.google.com/${FOREIGN}` })),
}

const request = (url: string, payload: object, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { host: 'adult.localhost:5173', ...headers }, payload })

describe('an invalid, expired or foreign-project token', () => {
  let account: Account
  beforeAll(async () => {
    account = await createAccount('reader')
  })

  it('is accepted untouched (the control)', async () => {
    const response = await request('/subscriptions/list', { limit: 10, offset: 0 }, bearer(account))
    expect(response.statusCode).toBe(200)
  })

  for (const [name, build] of Object.entries(BAD_TOKENS)) {
    it(`${name}: 401 invalid_token on a user route`, async () => {
      const response = await request('/subscriptions/list', { limit: 10, offset: 0 }, { authorization: `Bearer ${build(account)}` })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ error: { code: 'invalid_token' } })
    })

    it(`${name}: a public route answers exactly as to a guest`, async () => {
      const headers = { authorization: `Bearer ${build(account)}` }
      const comicsList = { limit: 10, offset: 0 }
      const freePages = { limit: 200, offset: 0, filters: { chapterId: [facts.uncensoredComic.freeChapterId] } }
      const lockedPages = { limit: 200, offset: 0, filters: { chapterId: [facts.uncensoredComic.lockedChapterId] } }
      for (const [url, body] of [['/comics/list', comicsList], ['/comics-assets/list', freePages], ['/comics-assets/list', lockedPages]] as const) {
        const asGuest = await request(url, body)
        const withBadToken = await request(url, body, headers)
        expect(withBadToken.statusCode, url).toBe(asGuest.statusCode)
        expect(withBadToken.body, url).toBe(asGuest.body)
      }
      // The locked episode stays a guest's refusal: nothing of a signed-in answer leaks.
      expect((await request('/comics-assets/list', lockedPages, headers)).statusCode).toBe(401)
    })
  }
})

describe("the verifier's remembered tokens", () => {
  it(`refuse a disabled account once ${VERIFIED_TOKEN_MAX_AGE_MS / 1000} s have passed, not before`, async () => {
    let now = Date.now()
    const verifier = await createFirebaseTokenVerifier({ projectId: 'demo-comics', emulatorHost: inject('authEmulatorHost'), now: () => now })
    const account = await createAccount('reader')
    await expect(verifier.verify(account.idToken)).resolves.toMatchObject({ uid: account.uid })
    await adminAuth.updateUser(account.uid, { disabled: true })
    // Within the stated time the remembered answer stands...
    now += VERIFIED_TOKEN_MAX_AGE_MS - 1
    await expect(verifier.verify(account.idToken)).resolves.toMatchObject({ uid: account.uid })
    // ...and from then on the account is asked about again, and refused.
    now += 1
    await expect(verifier.verify(account.idToken)).rejects.toMatchObject({ code: 'auth/user-disabled' })
    // A fresh verifier (nothing remembered) refuses it at once.
    const fresh = await createFirebaseTokenVerifier({ projectId: 'demo-comics', emulatorHost: inject('authEmulatorHost') })
    await expect(fresh.verify(account.idToken)).rejects.toMatchObject({ code: 'auth/user-disabled' })
  })

  it(`refuse a token whose refresh tokens were revoked once ${VERIFIED_TOKEN_MAX_AGE_MS / 1000} s have passed`, async () => {
    let now = Date.now()
    const verifier = await createFirebaseTokenVerifier({ projectId: 'demo-comics', emulatorHost: inject('authEmulatorHost'), now: () => now })
    const account = await createAccount('reader')
    const token = account.idToken
    await expect(verifier.verify(token)).resolves.toMatchObject({ uid: account.uid })
    await revokeSessionsAfterSignIn(account)
    now += VERIFIED_TOKEN_MAX_AGE_MS - 1
    await expect(verifier.verify(token)).resolves.toMatchObject({ uid: account.uid })
    now += 1
    await expect(verifier.verify(token)).rejects.toMatchObject({ code: 'auth/id-token-revoked' })
  })

  it('a disabled account gets 401 invalid_token from the API once its token is no longer remembered', async () => {
    const account = await createAccount('reader')
    await adminAuth.updateUser(account.uid, { disabled: true })
    const response = await request('/subscriptions/list', { limit: 10, offset: 0 }, bearer(account))
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ error: { code: 'invalid_token' } })
  })

  it('never remembers a token past its own expiry', async () => {
    let now = Date.now()
    const verifier = await createFirebaseTokenVerifier({ projectId: 'demo-comics', emulatorHost: inject('authEmulatorHost'), now: () => now })
    const account = await createAccount('reader')
    // A token that expires 2 s from now is remembered at most until then (3 s on, counting the rounding), not for the full max age.
    const shortLived = withClaims(account.idToken, (claims) => ({ ...claims, exp: nowSeconds() + 2 }))
    await expect(verifier.verify(shortLived)).resolves.toMatchObject({ uid: account.uid })
    await adminAuth.updateUser(account.uid, { disabled: true })
    now += 3_000
    await expect(verifier.verify(shortLived)).rejects.toMatchObject({ code: 'auth/user-disabled' })
  })
})
