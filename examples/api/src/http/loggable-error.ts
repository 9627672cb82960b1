import { DrizzleQueryError } from 'drizzle-orm'

/**
 * What a log line may hold of a failed request's error. drizzle wraps a database error in a message that
 * carries the query's parameters — a checkout id among them, the credential of the sandbox payment page —
 * so such an error is logged as its query text (placeholders only) and the database's own error.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause as { message?: unknown; code?: unknown; stack?: unknown } | undefined
    return {
      err: {
        type: 'DrizzleQueryError',
        message: typeof cause?.message === 'string' ? cause.message : 'Failed query',
        ...(typeof cause?.code === 'string' ? { code: cause.code } : {}),
        ...(typeof cause?.stack === 'string' ? { stack: cause.stack } : {}),
      },
      query: error.query,
      params: `[${error.params.length} redacted]`,
    }
  }
  return { err: error }
}
