import { describe, expect, it, vi } from 'vitest'
import { TOKEN_MAX_AGE_MS, createTokenSync, isTokenTooOldToSend, tokenIssuedAtMs } from '@comics/core'

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0)

/** An unsigned JWT issued at `issuedAtMs` (the sync only reads `iat`). */
const tokenIssuedAt = (issuedAtMs: number, subject = 'reader') => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'none' })}.${part({ sub: subject, iat: Math.floor(issuedAtMs / 1000) })}.`
}

function syncWith(options: { url?: string; nowMs?: number; refreshed?: string }) {
  let nowMs = options.nowMs ?? T0
  const calls: { method: string; authorization: string | null }[] = []
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', authorization: new Headers(init?.headers).get('authorization') })
    return new Response(null, { status: 204 })
  })
  const refreshToken = vi.fn(async () => options.refreshed ?? tokenIssuedAt(nowMs, 'refreshed'))
  const sync = createTokenSync({ url: options.url, fetch: fetch as typeof globalThis.fetch, now: () => nowMs, refreshToken })
  return { sync, calls, fetch, refreshToken, advance: (ms: number) => void (nowMs += ms) }
}

describe('token age (spec §9: 5 minutes)', () => {
  it('reads the issue time of a JWT', () => {
    expect(tokenIssuedAtMs(tokenIssuedAt(T0))).toBe(T0)
    expect(tokenIssuedAtMs('opaque-token')).toBeNull()
    expect(tokenIssuedAtMs('a.!!!.b')).toBeNull()
  })

  it('is too old to send only beyond 5 minutes', () => {
    const token = tokenIssuedAt(T0)
    expect(TOKEN_MAX_AGE_MS).toBe(300_000)
    expect(isTokenTooOldToSend(token, T0 + TOKEN_MAX_AGE_MS)).toBe(false)
    expect(isTokenTooOldToSend(token, T0 + TOKEN_MAX_AGE_MS + 1000)).toBe(true)
    expect(isTokenTooOldToSend('opaque-token', T0)).toBe(true)
  })
})

describe('createTokenSync (spec §7)', () => {
  it('sends nothing and refreshes nothing when no URL is configured', async () => {
    const { sync, fetch, refreshToken } = syncWith({ nowMs: T0 + 60 * 60_000 })
    await sync.publish(tokenIssuedAt(T0))
    await sync.revoke(tokenIssuedAt(T0))
    expect(fetch).not.toHaveBeenCalled()
    expect(refreshToken).not.toHaveBeenCalled()
  })

  it('POSTs a token younger than 5 minutes as it is, with the bearer header', async () => {
    const token = tokenIssuedAt(T0)
    const { sync, calls, fetch, refreshToken } = syncWith({ url: 'https://api.example/session', nowMs: T0 + TOKEN_MAX_AGE_MS - 1000 })
    await sync.publish(token)
    expect(calls).toEqual([{ method: 'POST', authorization: `Bearer ${token}` }])
    expect(fetch.mock.calls[0]?.[0]).toBe('https://api.example/session')
    expect(refreshToken).not.toHaveBeenCalled()
  })

  it('refreshes a token older than 5 minutes before it is POSTed', async () => {
    const stale = tokenIssuedAt(T0)
    const { sync, calls, refreshToken, advance } = syncWith({ url: '/session' })
    advance(TOKEN_MAX_AGE_MS + 1000)
    await sync.publish(stale)
    expect(refreshToken).toHaveBeenCalledTimes(1)
    const refreshed = await refreshToken.mock.results[0]?.value
    expect(calls).toEqual([{ method: 'POST', authorization: `Bearer ${refreshed}` }])
    expect(refreshed).not.toBe(stale)
  })

  it('sends the same token once, and a refreshed one again', async () => {
    const { sync, calls, advance } = syncWith({ url: '/session' })
    const first = tokenIssuedAt(T0)
    await sync.publish(first)
    await sync.publish(first)
    advance(60_000)
    const second = tokenIssuedAt(T0 + 60_000, 'refresh')
    await sync.publish(second)
    expect(calls.map((call) => call.authorization)).toEqual([`Bearer ${first}`, `Bearer ${second}`])
  })

  it('does not refresh its own refreshed token again when the local clock runs ahead', async () => {
    const skewed = tokenIssuedAt(T0)
    const { sync, calls, refreshToken } = syncWith({ url: '/session', nowMs: T0 + 10 * 60_000, refreshed: tokenIssuedAt(T0, 'server-now') })
    await sync.publish(skewed)
    const refreshed = await refreshToken.mock.results[0]?.value
    // the SDK reports the refreshed token as a token change; the sync must not loop
    await sync.publish(refreshed)
    expect(refreshToken).toHaveBeenCalledTimes(1)
    expect(calls).toEqual([{ method: 'POST', authorization: `Bearer ${refreshed}` }])
  })

  it('DELETEs with the bearer on logout, refreshing a stale token first', async () => {
    const { sync, calls, refreshToken, advance } = syncWith({ url: '/session' })
    const token = tokenIssuedAt(T0)
    await sync.revoke(token)
    advance(TOKEN_MAX_AGE_MS + 1000)
    await sync.revoke(token)
    const refreshed = await refreshToken.mock.results[0]?.value
    expect(calls).toEqual([
      { method: 'DELETE', authorization: `Bearer ${token}` },
      { method: 'DELETE', authorization: `Bearer ${refreshed}` },
    ])
  })

  it('rejects when the server refuses, and retries that token next time', async () => {
    const token = tokenIssuedAt(T0)
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(new Response(null, { status: 500 }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
    const sync = createTokenSync({ url: '/session', fetch, now: () => T0, refreshToken: async () => token })
    await expect(sync.publish(token)).rejects.toThrow('status 500')
    await sync.publish(token)
    expect(fetch).toHaveBeenCalledTimes(2)
  })
})
