import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { TOKEN_MAX_AGE_MS } from '@comics/core'
import { clearAccounts, createUser } from '../../../../tools/auth-emulator/src/index'
import { claimsOf, createEmulatorAuth, pause } from './emulator-auth'

const EMAIL = 'synced@example.com'
const PASSWORD = 'secret-1'

interface Received {
  method: string | undefined
  path: string | undefined
  authorization: string | undefined
}

let server: Server
let received: Received[]
let syncUrl: string

beforeEach(async () => {
  await clearAccounts(inject('authEmulatorHost'))
  received = []
  server = createServer((request: IncomingMessage, response) => {
    received.push({ method: request.method, path: request.url, authorization: request.headers.authorization })
    response.writeHead(204).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  syncUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/auth/token`
})

afterEach(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
})

describe('token sync against a local server (spec §7)', () => {
  it('POSTs the bearer token on sign-in and DELETEs it on logout', async () => {
    await createUser(inject('authEmulatorHost'), { email: EMAIL, password: PASSWORD })
    const { auth, session } = createEmulatorAuth({ tokenSyncUrl: syncUrl })
    await auth.signInWithEmail(EMAIL, PASSWORD)
    const token = session.getSnapshot().token

    await expect.poll(() => received.length).toBe(1)
    expect(received[0]).toEqual({ method: 'POST', path: '/auth/token', authorization: `Bearer ${token}` })

    await auth.logout()
    expect(received.map((request) => request.method)).toEqual(['POST', 'DELETE'])
    expect(received[1]?.authorization).toBe(`Bearer ${token}`)
  })

  it('POSTs again when the token is refreshed', async () => {
    await createUser(inject('authEmulatorHost'), { email: EMAIL, password: PASSWORD })
    const { auth } = createEmulatorAuth({ tokenSyncUrl: syncUrl })
    await auth.signInWithEmail(EMAIL, PASSWORD)
    await expect.poll(() => received.length).toBe(1)

    await pause(1100)
    const refreshed = await auth.getToken(true)
    await expect.poll(() => received.length).toBe(2)
    expect(received[1]).toMatchObject({ method: 'POST', authorization: `Bearer ${refreshed}` })
  })

  it('refreshes a token older than 5 minutes before sending it', async () => {
    await createUser(inject('authEmulatorHost'), { email: EMAIL, password: PASSWORD })
    let clockOffset = 0
    const { auth, session } = createEmulatorAuth({ tokenSyncUrl: syncUrl, now: () => Date.now() + clockOffset })
    await auth.signInWithEmail(EMAIL, PASSWORD)
    const signInToken = session.getSnapshot().token ?? ''
    await expect.poll(() => received.length).toBe(1)

    await pause(1100)
    clockOffset = TOKEN_MAX_AGE_MS + 60_000
    await auth.logout()
    const deleted = received.find((request) => request.method === 'DELETE')
    const sentToken = deleted?.authorization?.replace(/^Bearer /, '') ?? ''
    expect(sentToken).not.toBe(signInToken)
    expect(Number(claimsOf(sentToken).iat)).toBeGreaterThan(Number(claimsOf(signInToken).iat))
    // the token refreshed on the way out is not POSTed
    expect(received.map((request) => request.method)).toEqual(['POST', 'DELETE'])
  })

  it('sends nothing when no URL is configured', async () => {
    await createUser(inject('authEmulatorHost'), { email: EMAIL, password: PASSWORD })
    const { auth } = createEmulatorAuth()
    await auth.signInWithEmail(EMAIL, PASSWORD)
    await auth.getToken(true)
    await auth.logout()
    await pause(300)
    expect(received).toEqual([])
  })
})
