import { QueryClient } from '@tanstack/react-query'
import { isApiFailure } from '@comics/core'

const MAX_RETRIES = 3

/** True when the browser says it has no network (never on a server). */
const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

/**
 * Whether a failed query is worth another try: a 4xx answer (a locked episode's 401/403, a bad
 * request), a contract break or a cancelled call will fail the same way again; no response at all or
 * a 5xx may not.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false
  // Offline, a call with no answer is not tried again: it fails at once, and what was downloaded answers
  // instead (core withOfflineDownloads) or the screen says it needs a connection.
  if (isOffline() && isApiFailure(error) && error.code === 'network') return false
  if (!isApiFailure(error)) return true
  const status = (error as { status?: unknown }).status
  if (typeof status === 'number') return status >= 500
  return error.code === 'network' || error.code === 'timeout'
}

/**
 * The QueryClient ComicsProvider makes when it is given none.
 * @example <ComicsProvider apiBaseUrl="/api/v1" queryClient={createDefaultQueryClient()}>
 */
export function createDefaultQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        // Queries run offline too (TanStack's default pauses them): downloaded episodes answer them, and
        // anything else fails with a network error the screen turns into 'needs a connection'.
        networkMode: 'always',
        // Catalogue data changes rarely within a visit; this spares refetches on every remount.
        staleTime: 30_000,
      },
    },
  })
}
