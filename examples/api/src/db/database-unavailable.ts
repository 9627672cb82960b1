import { errorsWithin } from './errors-within'

// Socket errors of a connection that could not be made or was cut.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])

// PostgreSQL SQLSTATEs of a server that is going away or not accepting connections: class 08
// (connection exception), 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting
// up or shutting down), 53300 too many connections.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/

// node-postgres reports a cut connection and a connect timeout by message only.
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect)/

/** What a log line may say of the database fault: a code and a message, never the failed query or its parameters. */
export interface DatabaseFault {
  code: string | undefined
  message: string
}

/**
 * The connection error inside `error` when it means the database cannot be reached right now (stopped,
 * restarting, unreachable), rather than a fault of the request or of the code: such a request is answered
 * 503 and may be retried. Looks through drizzle's wrapping (`cause`, whose message holds the query and its
 * parameters) and Node's AggregateError of a failed connect.
 */
export function databaseUnavailable(error: unknown): DatabaseFault | undefined {
  for (const { code, message } of errorsWithin(error)) {
    const text = typeof message === 'string' ? message : ''
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return { code, message: text }
    if (UNAVAILABLE_MESSAGE.test(text)) return { code: typeof code === 'string' ? code : undefined, message: text }
  }
  return undefined
}
