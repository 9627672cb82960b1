import { HttpResponse } from 'msw'
import type { ApiErrorBody } from '@comics/core/contract'

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'unprocessable',
  429: 'rate_limited',
  500: 'internal',
  502: 'bad_gateway',
  503: 'unavailable',
}

/** The error code a status gets when nothing more precise is said. */
export function defaultErrorCode(status: number): string {
  return CODES[status] ?? `http_${status}`
}

/** An error answer in the contract's shape: `{ error: { code, message, fieldErrors? } }`. */
export function errorResponse(
  status: number,
  error: { code?: string; message?: string; fieldErrors?: Record<string, string[]> } = {},
) {
  const body: ApiErrorBody = {
    error: {
      code: error.code ?? defaultErrorCode(status),
      message: error.message ?? `Request failed with status ${status}`,
      ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
    },
  }
  return HttpResponse.json(body, { status })
}

/** 400 with the offending fields, keyed by dotted path like the client's ValidationError. */
export function validationErrorResponse(fieldErrors: Record<string, string[]>, message = 'Invalid request') {
  return errorResponse(400, { code: 'validation', message, fieldErrors })
}
