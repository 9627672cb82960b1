import type { EndpointName } from '../contract/endpoints'

/** One offending field: its dotted path (`data.0.title`, '' for the whole value) and what is wrong. */
export interface FieldIssue {
  path: string
  message: string
}

/** Formats a schema issue path as a dotted string: `['data', 0, 'title']` → `'data.0.title'`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.map((segment) => String(segment)).join('.')
}

/** Groups issues by path, the shape of the server's `fieldErrors`. */
export function fieldErrorsOf(issues: readonly FieldIssue[]): Record<string, string[]> {
  const grouped: Record<string, string[]> = {}
  for (const issue of issues) (grouped[issue.path] ??= []).push(issue.message)
  return grouped
}

/**
 * Base of every failure the API client throws. `code` tells them apart without `instanceof`
 * (two copies of the kit in one bundle would break `instanceof`), `endpoint` names the call.
 * @example
 * try { await api.comics.home() } catch (error) {
 *   if (isApiFailure(error) && error.code === 'network') showOfflineNotice()
 * }
 */
export class ApiFailure extends Error {
  readonly code: string
  readonly endpoint: EndpointName

  constructor(code: string, endpoint: EndpointName, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ApiFailure'
    this.code = code
    this.endpoint = endpoint
  }
}

/**
 * The server answered with an HTTP error. `code`, `message` and `fieldErrors` come from the
 * `{ error: { code, message, fieldErrors } }` body when the server sent one; otherwise `code` is
 * `http_{status}`.
 * @example
 * catch (error) { if (error instanceof ApiError && error.status === 403) navigate('/premium') }
 */
export class ApiError extends ApiFailure {
  readonly status: number
  readonly fieldErrors: Record<string, string[]>

  constructor(init: {
    endpoint: EndpointName
    status: number
    code?: string
    message?: string
    fieldErrors?: Record<string, string[]>
    cause?: unknown
  }) {
    super(
      init.code ?? `http_${init.status}`,
      init.endpoint,
      init.message ?? `${init.endpoint} failed with HTTP ${init.status}`,
      { cause: init.cause },
    )
    this.name = 'ApiError'
    this.status = init.status
    this.fieldErrors = init.fieldErrors ?? {}
  }
}

/**
 * The server answered 2xx with a body that breaks the contract. The value is never returned half
 * parsed: `paths` names every offending field (`data.0.url`).
 * @example
 * catch (error) { if (error instanceof ContractError) report(error.endpoint, error.paths) }
 */
export class ContractError extends ApiFailure {
  readonly issues: FieldIssue[]

  constructor(endpoint: EndpointName, issues: FieldIssue[], cause?: unknown) {
    const where = issues.map((issue) => issue.path || '(root)').join(', ')
    super('contract', endpoint, `${endpoint} answered a body that breaks the contract at ${where}`, { cause })
    this.name = 'ContractError'
    this.issues = issues
  }

  /** The dotted paths of the offending fields. */
  get paths(): string[] {
    return this.issues.map((issue) => issue.path)
  }
}

/** How a request failed without any response: no connection, too slow, or cancelled by the caller. */
export type NetworkFailureCode = 'network' | 'timeout' | 'aborted'

/**
 * No response arrived: `code` is 'network' (connection refused, offline, reset), 'timeout' (slower
 * than `timeoutMs`) or 'aborted' (the caller's AbortSignal fired).
 * @example
 * catch (error) { if (error instanceof NetworkError && error.code === 'timeout') retry() }
 */
export class NetworkError extends ApiFailure {
  declare readonly code: NetworkFailureCode

  constructor(code: NetworkFailureCode, endpoint: EndpointName, cause?: unknown) {
    const what = code === 'timeout' ? 'timed out' : code === 'aborted' ? 'was aborted' : 'got no response'
    super(code, endpoint, `${endpoint} ${what}`, { cause })
    this.name = 'NetworkError'
  }
}

/**
 * The caller's input breaks the contract; nothing was sent. `fieldErrors` is keyed by dotted path.
 * @example
 * catch (error) { if (error instanceof ValidationError) showFieldErrors(error.fieldErrors) }
 */
export class ValidationError extends ApiFailure {
  readonly issues: FieldIssue[]

  constructor(endpoint: EndpointName, issues: FieldIssue[]) {
    const where = issues.map((issue) => issue.path || '(root)').join(', ')
    super('validation', endpoint, `Invalid input for ${endpoint} at ${where}`)
    this.name = 'ValidationError'
    this.issues = issues
  }

  get fieldErrors(): Record<string, string[]> {
    return fieldErrorsOf(this.issues)
  }
}

/**
 * Whether a value is a failure thrown by the API client (works across duplicated copies of the kit).
 * @example
 * if (isApiFailure(error)) console.warn(error.endpoint, error.code)
 */
export function isApiFailure(error: unknown): error is ApiFailure {
  return (
    error instanceof ApiFailure ||
    (error instanceof Error &&
      typeof (error as Partial<ApiFailure>).code === 'string' &&
      typeof (error as Partial<ApiFailure>).endpoint === 'string')
  )
}
