import { describe, expect, test } from 'vitest'
import { createSessionStore, createMemoryStorage } from '@comics/core'
import { createUser } from '@comics/auth-emulator'
import { createSiteAuth } from '../../src/auth/createSiteAuth'
import type { SiteEnv } from '../../src/config/siteEnv'
import { chromiumPerFile } from '@comics/test-stack/browser'
import { e2eStack } from '@comics/test-stack/stack'
import { PASSWORD, prepareVisitor, signUpByEmail, uniqueEmail } from '@comics/test-stack/visitor'
import type { TokenSyncCall } from '@comics/test-stack/tokenSyncRecorder'
import { startTokenSyncRecorder } from '@comics/test-stack/tokenSyncRecorder'

// spec §7: "An auth-token sync (POST or DELETE with the bearer token) goes to a configured URL, only if
// one is configured". The e2e build has VITE_TOKEN_SYNC_URL set to a stand-in endpoint (stack/tokenSyncRecorder.ts).
const stack = e2eStack()
const chromium = chromiumPerFile()

const emailOfToken = (token: string): unknown =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { email?: unknown }).email
const bearer = (call: TokenSyncCall) => call.authorization?.replace(/^Bearer /, '') ?? ''

/** Node's own fetch: the test below records what goes through the global one. */
const nodeFetch = globalThis.fetch

async function callsFor(callsUrl: string, email: string): Promise<TokenSyncCall[]> {
  const calls = (await (await nodeFetch(callsUrl)).json()) as TokenSyncCall[]
  return calls.filter((call) => emailOfToken(bearer(call)) === email)
}

/** The site's env as readSiteEnv gives it for the e2e build, minus or plus the token sync URL. */
const siteEnv = (tokenSyncUrl: string | undefined): SiteEnv => ({
  adultHost: new URL(stack.adultOrigin).host,
  mirrorHosts: [new URL(stack.mirrorOrigin).host],
  apiBaseUrl: '/api/v1',
  firebase: { apiKey: 'demo-api-key', authDomain: 'demo-comics.firebaseapp.com', projectId: 'demo-comics' },
  authEmulatorUrl: `http://${stack.emulatorHost}`,
  gaId: undefined,
  tokenSyncUrl,
  analyticsToConsole: false,
  supportEmail: 'support@comics.example',
})

describe('token sync (VITE_TOKEN_SYNC_URL)', () => {
  test('the site POSTs the bearer token on sign-in and DELETEs it on logout', async () => {
    const visit = await chromium.open()
    await prepareVisitor(visit.context, { consent: 'rejected' })
    const { page } = visit
    const email = uniqueEmail('token-sync')
    await page.goto(`${stack.mirrorOrigin}/`)
    await signUpByEmail(page, email)
    const token = await page.evaluate(() => JSON.parse(window.localStorage.getItem('authToken') ?? 'null') as string | null)
    expect(token).toBeTruthy()

    await expect.poll(() => callsFor(stack.tokenSyncCallsUrl, email).then((calls) => calls.map((call) => call.method))).toEqual(['POST'])
    const [posted] = await callsFor(stack.tokenSyncCallsUrl, email)
    expect(bearer(posted!)).toBe(token)
    expect(posted?.origin).toBe(stack.mirrorOrigin)

    await page.getByRole('banner').getByRole('link', { name: 'Account' }).click()
    await page.getByRole('button', { name: 'Log Out' }).click()
    await page.waitForURL(`${stack.mirrorOrigin}/`)
    await expect.poll(() => callsFor(stack.tokenSyncCallsUrl, email).then((calls) => calls.map((call) => call.method))).toEqual(['POST', 'DELETE'])
    const [, deleted] = await callsFor(stack.tokenSyncCallsUrl, email)
    // The same token, unless it was older than 5 minutes and refreshed on the way out: the same account.
    expect(deleted?.authorization).toMatch(/^Bearer \S+$/)
    expect(emailOfToken(bearer(deleted!))).toBe(email)
  })

  test("the site's auth sends nothing anywhere but to Firebase Auth when no URL is configured", async () => {
    // Node-side, on the same Auth emulator: every fetch the site's auth makes is recorded.
    const recorder = await startTokenSyncRecorder()
    const requested: string[] = []
    globalThis.fetch = (input, init) => {
      requested.push(input instanceof Request ? input.url : String(input))
      return nodeFetch(input, init)
    }
    try {
      for (const tokenSyncUrl of [undefined, recorder.url]) {
        const email = uniqueEmail(tokenSyncUrl ? 'sync-configured' : 'sync-unset')
        await createUser(stack.emulatorHost, { email, password: PASSWORD })
        const session = createSessionStore(createMemoryStorage())
        const auth = createSiteAuth(siteEnv(tokenSyncUrl), session)
        requested.length = 0
        await auth.signInWithEmail(email, PASSWORD)
        if (tokenSyncUrl) await expect.poll(() => callsFor(recorder.callsUrl, email).then((calls) => calls.length)).toBe(1)
        await auth.logout()
        await new Promise((resolve) => setTimeout(resolve, 300))
        await auth.dispose()
        const elsewhere = requested.filter((url) => !url.startsWith(`http://${stack.emulatorHost}/`))
        if (tokenSyncUrl) {
          // The same code with a URL does send: the check above could not pass by sending nothing ever.
          expect(elsewhere).toEqual([recorder.url, recorder.url])
          expect((await callsFor(recorder.callsUrl, email)).map((call) => call.method)).toEqual(['POST', 'DELETE'])
        } else {
          expect(requested.length).toBeGreaterThan(0)
          expect(elsewhere).toEqual([])
        }
      }
    } finally {
      globalThis.fetch = nodeFetch
      await recorder.stop()
    }
  })
})
