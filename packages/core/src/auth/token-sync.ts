import { TOKEN_MAX_AGE_MS } from '../rules/timing'

export interface TokenSyncOptions {
  /** Where the token goes; without it the sync does nothing (spec §7). */
  url?: string | undefined
  fetch?: typeof fetch | undefined
  now?: (() => number) | undefined
  /** Gets a newly issued token, for one older than TOKEN_MAX_AGE_MS. */
  refreshToken: () => Promise<string>
}

/**
 * Tells a server about the session's ID token: POST on sign-in and on refresh, DELETE on logout, each
 * with `Authorization: Bearer {token}`.
 */
export interface TokenSync {
  /** POSTs the token (after a refresh if it is stale). The same token is sent once. */
  publish(token: string): Promise<void>
  /** DELETEs the token (after a refresh if it is stale). */
  revoke(token: string): Promise<void>
}

/**
 * When the token was issued (the JWT `iat` claim), in ms since the epoch; null for a token that is not
 * a readable JWT.
 * @example tokenIssuedAtMs(idToken) // 1767225600000
 */
export function tokenIssuedAtMs(token: string): number | null {
  const payload = token.split('.')[1]
  if (payload === undefined) return null
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=')
    const claims: unknown = JSON.parse(atob(base64))
    const issuedAt = typeof claims === 'object' && claims !== null ? (claims as { iat?: unknown }).iat : undefined
    return typeof issuedAt === 'number' && Number.isFinite(issuedAt) ? issuedAt * 1000 : null
  } catch {
    return null
  }
}

/**
 * True when a token must be refreshed before it is sent: older than 5 minutes (spec §9), or of unknown age.
 * @example isTokenTooOldToSend(token, Date.now())
 */
export function isTokenTooOldToSend(token: string, nowMs: number): boolean {
  const issuedAt = tokenIssuedAtMs(token)
  return issuedAt === null || nowMs - issuedAt > TOKEN_MAX_AGE_MS
}

/**
 * The token sync of spec §7: nothing at all when no URL is configured.
 * @example
 * const sync = createTokenSync({ url: '/api/session', refreshToken: () => user.getIdToken(true) })
 * await sync.publish(token)
 */
export function createTokenSync(options: TokenSyncOptions): TokenSync {
  const { url } = options
  const now = options.now ?? Date.now
  let published: string | null = null
  /**
   * The token this sync last obtained by refreshing. It is sent as it is, even if the local clock calls it
   * old (a clock running ahead of the server's), so a refresh never leads to another.
   */
  let refreshed: string | null = null

  const sendable = async (token: string) => {
    if (token === refreshed || !isTokenTooOldToSend(token, now())) return token
    refreshed = await options.refreshToken()
    return refreshed
  }
  const send = async (method: 'POST' | 'DELETE', token: string) => {
    const doFetch = options.fetch ?? globalThis.fetch
    const response = await doFetch(url as string, { method, headers: { Authorization: `Bearer ${token}` } })
    if (!response.ok) throw new Error(`Token sync ${method} ${url} failed with status ${response.status}`)
  }

  return {
    async publish(token) {
      if (!url) return
      const fresh = await sendable(token)
      if (fresh === published) return
      published = fresh
      try {
        await send('POST', fresh)
      } catch (error) {
        published = null
        throw error
      }
    },
    async revoke(token) {
      if (!url) return
      const fresh = await sendable(token)
      // A refresh made here is reported back as a token change: it must not be POSTed on the way out.
      published = fresh
      try {
        await send('DELETE', fresh)
      } finally {
        published = null
      }
    },
  }
}
