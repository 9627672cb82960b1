import type { EndpointName } from '../contract/endpoints'

/** What a call started outside the client got: its HTTP status and its parsed JSON body (null if none). */
export interface PreloadedAnswer {
  status: number
  data: unknown
}

/**
 * Calls started before the client existed — typically by a script in the page's document, so that the
 * answers a screen needs download beside its JavaScript — keyed by {@link preloadedCallKey}. The client
 * takes each at most once, for a caller without a token, as the answer of that call: an error status is
 * its `ApiError`, a rejected promise its `NetworkError` ('network'), an answer that breaks the contract
 * its `ContractError`, an answer slower than the client's `timeoutMs` (counted from the take) a 'timeout',
 * the caller's abort an 'aborted'; a retry sends the call.
 */
export type PreloadedCalls = Map<string, Promise<PreloadedAnswer>>

/**
 * The key of one call in {@link PreloadedCalls}: the endpoint's name and the body as the client's
 * caller gives it (the `...Request` presets, and for comics/list {@link hostComicsRequest}), as JSON.
 * @example preloadedCallKey('listChapters', comicChaptersRequest('7'))
 */
export function preloadedCallKey(name: EndpointName, body: unknown): string {
  return `${name} ${JSON.stringify(body)}`
}
