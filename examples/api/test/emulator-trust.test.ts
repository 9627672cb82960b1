import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFirebaseTokenVerifier } from '../src/auth/firebase-token-verifier'
import { loadConfig } from '../src/config'
import { createAccount, type Account } from './support/accounts'
import { startApiProcess } from './support/api-process'
import { startTestServer, type TestServer } from './support/test-server'

// The Auth emulator's ID tokens are unsigned: whoever trusts it accepts a token anyone can write. Trust
// must be asked for (FIREBASE_AUTH_EMULATOR_HOST), only on loopback; without it, a hand-made token naming
// an existing user with `admin: true` is refused.

/** An unsigned token in the emulator's form (alg "none"), naming `uid` with the admin claim. */
function forgedAdminToken(uid: string, email: string): string {
  const now = Math.floor(Date.now() / 1000)
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({
    iss: 'https://securetoken.google.com/demo-comics',
    aud: 'demo-comics',
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + 3600,
    email,
    email_verified: false,
    admin: true,
    firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
  })}.`
}

const adminList = (token: string) => ({
  method: 'POST' as const,
  url: '/api/v1/admin/comics/list',
  headers: { host: 'localhost:5173', authorization: `Bearer ${token}` },
  payload: { limit: 1, offset: 0 },
})

describe('configuration', () => {
  it('trusts no emulator unless FIREBASE_AUTH_EMULATOR_HOST asks for it, production or not', () => {
    expect(loadConfig({}).firebaseAuthEmulatorHost).toBeUndefined()
    expect(loadConfig({ NODE_ENV: 'development' }).firebaseAuthEmulatorHost).toBeUndefined()
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).firebaseAuthEmulatorHost).toBe('127.0.0.1:9099')
  })

  it('refuses emulator trust when the server listens beyond loopback', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) {
      expect(loadConfig({ HOST: host, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).host).toBe(host)
    }
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'api.example.com']) {
      expect(() => loadConfig({ HOST: host, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/beyond loopback/)
    }
    expect(loadConfig({ HOST: '0.0.0.0' }).firebaseAuthEmulatorHost).toBeUndefined()
  })

  it('the server process exits with a clear message instead of listening on 0.0.0.0 with emulator trust', async () => {
    const api = await startApiProcess({ HOST: '0.0.0.0', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })
    try {
      expect(await api.exited).toBe(1)
      expect(api.stderr.join('\n')).toMatch(/^api: FIREBASE_AUTH_EMULATOR_HOST=127\.0\.0\.1:9099 trusts unsigned tokens: refused while HOST=0\.0\.0\.0/)
    } finally {
      await api.kill()
    }
  })
})

describe('a forged unsigned admin token', () => {
  let reader: Account
  let trusting: TestServer
  let production: TestServer
  const emulatorFromEnvironment = process.env.FIREBASE_AUTH_EMULATOR_HOST

  beforeAll(async () => {
    reader = await createAccount('reader')
    trusting = await startTestServer()
    // The production settings: no emulator variable, so the verifier is built without emulator trust.
    const settings = loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_production', STRIPE_WEBHOOK_SECRET: 'whsec_production', FILES_SIGNING_SECRET: 'files_production', HOST: '0.0.0.0' })
    expect(settings.firebaseAuthEmulatorHost).toBeUndefined()
    production = await startTestServer({
      verifier: await createFirebaseTokenVerifier({ projectId: 'demo-comics', emulatorHost: settings.firebaseAuthEmulatorHost }),
    })
  })
  afterAll(async () => {
    if (emulatorFromEnvironment !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorFromEnvironment
    await trusting?.close()
    await production?.close()
  })

  it('passes the admin check of a server that trusts the emulator (why trust must be asked for)', async () => {
    const response = await trusting.app.inject(adminList(forgedAdminToken(reader.uid, reader.email)))
    expect(response.statusCode).toBe(200)
  })

  it('is refused by the production verifier (401), while the environment names no emulator', async () => {
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST
    const response = await production.app.inject(adminList(forgedAdminToken(reader.uid, reader.email)))
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ error: { code: 'invalid_token' } })
  })

  it('is refused by the production verifier even when another part of the process set FIREBASE_AUTH_EMULATOR_HOST', async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorFromEnvironment ?? '127.0.0.1:9099'
    const response = await production.app.inject(adminList(forgedAdminToken(reader.uid, reader.email)))
    expect(response.statusCode).toBe(401)
    // Even the emulator's own genuine token: it is not signed by Google either.
    expect((await production.app.inject(adminList(reader.idToken))).statusCode).toBe(401)
  })
})
