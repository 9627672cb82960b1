/** An error answered to the client as `{ error: { code, message, fieldErrors? } }` (ApiErrorBodySchema). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`)
