import type { AxiosError, AxiosInstance, AxiosRequestConfig } from 'axios'
import * as z from 'zod/mini'
import { endpointPath, endpoints, type EndpointDefinition, type EndpointName } from '../contract/endpoints'
import { ApiErrorBodySchema, type Schema } from '../contract/envelope'
import {
  ApiError,
  ContractError,
  NetworkError,
  ValidationError,
  formatIssuePath,
  type FieldIssue,
} from './errors'
import { buildMultipartForm, encodeMultipartFields, uploadFileIssues, type MultipartFiles } from './multipartForm'

/** A token, none, or a promise of either. */
export type TokenProvider = () => string | null | undefined | Promise<string | null | undefined>

/** Options every call accepts. */
export interface CallOptions {
  /** Cancels the request (TanStack Query passes one); the call then fails with code 'aborted'. */
  signal?: AbortSignal
  /** Told as the request's body goes out (uploads): bytes sent so far, and of how many when known. */
  onUploadProgress?: (progress: UploadProgress) => void
}

/** How much of a request's body has gone out. */
export interface UploadProgress {
  loaded: number
  total?: number
}

/** What one call sends: path parameters, and a JSON body or a multipart form. */
export interface EndpointInput extends CallOptions {
  params?: Record<string, string>
  body?: unknown
  form?: { fields: Record<string, unknown>; files: MultipartFiles }
}

/** The parsed response type of an endpoint. */
export type EndpointResponse<N extends EndpointName> = z.output<(typeof endpoints)[N]['response']>

export interface EndpointCallerConfig {
  /** The instance, or how to get it on the first request that goes out (see createComicsApi). */
  http: AxiosInstance | { load: () => Promise<AxiosInstance> }
  baseUrl: string
  getToken?: TokenProvider
  timeoutMs?: number
}

type Checked = { ok: true; value: unknown; issues?: undefined } | { ok: false; value?: undefined; issues: FieldIssue[] }

/** Like `safeParse`, but the issues come back as {@link FieldIssue}s. */
function check(schema: Schema, value: unknown): Checked {
  const result = z.safeParse(schema, value)
  if (result.success) return { ok: true, value: result.data }
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message })),
  }
}

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT'])

/** The ApiError of an answer with an error status, with the server's code and message when it sent them. */
function apiErrorOf(name: EndpointName, status: number, data: unknown, cause: unknown): ApiError {
  const body = z.safeParse(ApiErrorBodySchema, data)
  return new ApiError({
    endpoint: name,
    status,
    ...(body.success
      ? { code: body.data.error.code, message: body.data.error.message, fieldErrors: body.data.error.fieldErrors }
      : {}),
    cause,
  })
}

/** Told by axios's own mark, so that recognising one does not load axios. */
const isAxiosError = (error: unknown): error is AxiosError =>
  typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true

function failureOf(name: EndpointName, error: unknown): unknown {
  if (!isAxiosError(error)) return error
  if (error.code === 'ERR_CANCELED') return new NetworkError('aborted', name, error)
  if (!error.response) {
    return new NetworkError(TIMEOUT_CODES.has(error.code ?? '') ? 'timeout' : 'network', name, error)
  }
  return apiErrorOf(name, error.response.status, error.response.data, error)
}

/**
 * Sends one call of the `endpoints` table: validates what the caller gives before anything leaves,
 * adds `Authorization: Bearer {token}` when there is a token, and parses the answer with the
 * contract. Every failure is one of the typed errors of `./errors`.
 */
export function createEndpointCaller(config: EndpointCallerConfig) {
  return async function callEndpoint<N extends EndpointName>(
    name: N,
    input: EndpointInput = {},
  ): Promise<EndpointResponse<N>> {
    const endpoint: EndpointDefinition = endpoints[name]
    const issues: FieldIssue[] = []

    const params: Checked = endpoint.params ? check(endpoint.params, input.params ?? {}) : { ok: true, value: {} }
    if (!params.ok) issues.push(...params.issues)

    let data: unknown
    if (endpoint.body) {
      const body = check(endpoint.body, input.body)
      if (body.ok) data = body.value
      else issues.push(...body.issues)
    } else if (endpoint.multipart) {
      const fields = encodeMultipartFields(input.form?.fields ?? {})
      // Validated in wire form with the server's own schema, so '1'/'0' and JSON lists are checked too.
      const parsed = check(endpoint.multipart.fields, fields)
      if (!parsed.ok) issues.push(...parsed.issues)
      const files = input.form?.files ?? {}
      issues.push(...uploadFileIssues(files, endpoint.multipart.files))
      if (issues.length === 0) data = buildMultipartForm(fields, files)
    }
    if (issues.length > 0) throw new ValidationError(name, issues)

    const token = await config.getToken?.()
    const request: AxiosRequestConfig = {
      method: endpoint.method,
      baseURL: config.baseUrl,
      url: endpointPath(endpoint.path, params.value as Record<string, string>),
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: input.signal,
      ...(input.onUploadProgress
        ? { onUploadProgress: ({ loaded, total }) => input.onUploadProgress!({ loaded, ...(total === undefined ? {} : { total }) }) }
        : {}),
      ...(data === undefined ? {} : { data }),
      ...(config.timeoutMs === undefined ? {} : { timeout: config.timeoutMs }),
    }
    let http: AxiosInstance
    try {
      http = 'load' in config.http ? await config.http.load() : config.http
    } catch (error) {
      // Its chunk could not be loaded: the network, as far as the caller can tell; a retry tries again.
      throw new NetworkError('network', name, error)
    }
    let answer: unknown
    try {
      answer = (await http.request(request)).data
    } catch (error) {
      throw failureOf(name, error)
    }
    const parsed = check(endpoint.response, answer)
    if (!parsed.ok) throw new ContractError(name, parsed.issues)
    return parsed.value as EndpointResponse<N>
  }
}

export type EndpointCaller = ReturnType<typeof createEndpointCaller>
