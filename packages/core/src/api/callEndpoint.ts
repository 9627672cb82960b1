import type { AxiosError, AxiosInstance, AxiosRequestConfig } from 'axios'
import type * as z from 'zod/mini'
import type { endpoints, EndpointName } from '../contract/endpoints'
import { NetworkError } from './errors'
import type { MultipartFiles } from './multipartForm'

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

/**
 * The contract's checks (zod and the schemas), loaded with the first call rather than with the client:
 * a page whose first answers came with it paints without them. A failed load is forgotten, so a retry
 * loads again.
 */
let contract: Promise<typeof import('./endpointContract')> | undefined
const loadContract = () =>
  (contract ??= import('./endpointContract').catch((error: unknown) => {
    contract = undefined
    throw error
  }))

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT'])

/** Told by axios's own mark, so that recognising one does not load axios. */
const isAxiosError = (error: unknown): error is AxiosError =>
  typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true

function failureOf(name: EndpointName, error: unknown, checks: typeof import('./endpointContract')): unknown {
  if (!isAxiosError(error)) return error
  if (error.code === 'ERR_CANCELED') return new NetworkError('aborted', name, error)
  if (!error.response) {
    return new NetworkError(TIMEOUT_CODES.has(error.code ?? '') ? 'timeout' : 'network', name, error)
  }
  return checks.apiErrorOf(name, error.response.status, error.response.data, error)
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
    // The client's two chunks, side by side: the contract's checks and the HTTP client.
    const loadingHttp = 'load' in config.http ? config.http.load() : Promise.resolve(config.http)
    loadingHttp.catch(() => undefined) // Told to the caller below, once the request is checked.
    let checks: typeof import('./endpointContract')
    try {
      checks = await loadContract()
    } catch (error) {
      // Its chunk could not be loaded: the network, as far as the caller can tell; a retry tries again.
      throw new NetworkError('network', name, error)
    }
    const { method, url, data } = checks.checkedRequest(name, input)

    const token = await config.getToken?.()
    const request: AxiosRequestConfig = {
      method,
      baseURL: config.baseUrl,
      url,
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
      http = await loadingHttp
    } catch (error) {
      // Its chunk could not be loaded: the network, as far as the caller can tell; a retry tries again.
      throw new NetworkError('network', name, error)
    }
    let answer: unknown
    try {
      answer = (await http.request(request)).data
    } catch (error) {
      throw failureOf(name, error, checks)
    }
    return checks.parsedAnswer(name, answer) as EndpointResponse<N>
  }
}

export type EndpointCaller = ReturnType<typeof createEndpointCaller>
