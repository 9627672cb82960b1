import { HttpResponse, delay, http, type HttpHandler } from 'msw'
import { API_PREFIX, endpoints, type EndpointName } from '@comics/core/contract'
import { deleteMyAccount, exportMyData, getReaderSettings, putReaderSettings } from './accountResolvers'
import type { SiteMode } from '@comics/core/rules'
import type { MockViewer, MockViewerKey } from '../fixtures/viewers'
import { listAssets, setPageAlt, setPageOrder, uploadAssets, uploadPage } from './assetsResolvers'
import { getTranscript, putTranscript } from './transcriptResolvers'
import { listAudit, recordMockAudit } from './auditResolvers'
import { createChapters, listChapters, updateChapter } from './chaptersResolvers'
import { adminListComics, createComic, deleteComics, listComics, searchComics, updateComic } from './comicsResolvers'
import { errorResponse, validationErrorResponse } from './errorResponse'
import { createMockState, type MockCheckout, type MockState } from './mockState'
import { readRequestInput } from './readRequestInput'
import { resolveViewer } from './resolveViewer'
import type { Resolver, ResolverContext } from './resolverContext'
import { createGenre, listGenres, updateGenre } from './genresResolvers'
import { getWaitForFree, setWaitForFree, unlockEpisodeFree } from './waitForFreeResolvers'
import {
  createComment,
  deleteComment,
  editComment,
  likeComment,
  likeEpisode,
  listCommentReports,
  listComments,
  listEpisodeReactions,
  moderateComment,
  pinComment,
  reportComment,
  suspendCommenter,
  unlikeComment,
  unlikeEpisode,
} from './commentsResolvers'
import { followComic, listMyFollows, listMyProgress, syncMyProgress, unfollowComic } from './readingResolvers'
import {
  adminCoinBalance,
  coinCheckout,
  confirmCoinPurchase,
  creditCoins,
  refundCoinPack,
  getCoinBalance,
  listCoinHistory,
  listCoinPacks,
  listCoinUnlocks,
  unlockEpisode,
} from './coinsResolvers'
import {
  cancelSubscription,
  checkout,
  createPayment,
  defaultCheckoutUrl,
  listPayments,
  listPaymentSystems,
  listSubscriptions,
  refundPayment,
} from './subscriptionsResolvers'

/** A delay in milliseconds, or 'infinite' for a request that never answers (loading states). */
export type MockLatency = number | 'infinite'

/**
 * An error to force on one endpoint: an HTTP status (with the contract's error body), 'network'
 * (no response at all), 'contract' (200 with a body that breaks the contract: a number where an id
 * or url string belongs), or a status with the code, message and field errors to answer.
 */
export type MockForcedError =
  | number
  | 'network'
  | 'contract'
  | { status: number; code?: string; message?: string; fieldErrors?: Record<string, string[]> }

export interface MockHandlersOptions {
  /** Where the API lives. Default `'*' + API_PREFIX`: `/api/v1` on any origin. */
  baseUrl?: string
  /**
   * Who every request comes from, whatever its Authorization header says (a story's toolbar choice).
   * Without it the bearer token picks the fixture viewer; an unknown token counts as none.
   */
  viewer?: MockViewerKey | MockViewer
  /**
   * The host the handlers pretend to be: comics/list is narrowed to its ratings (and to
   * `displayOnMirror` comics on the normal host). Without it the request's own rating filter applies.
   */
  siteMode?: SiteMode
  /** Delay before answering: one for every endpoint, or per endpoint. */
  latencyMs?: MockLatency | Partial<Record<EndpointName, MockLatency>>
  /** Errors to force, per endpoint. */
  errors?: Partial<Record<EndpointName, MockForcedError>>
  /** The data to serve and change; default a fresh copy of the fixtures for each call. */
  state?: MockState
  /** The clock for subscription periods and new records. */
  now?: () => Date
  /** The payment page url a checkout answers. Default a `checkout.comics-mocks.invalid` url. */
  checkoutUrl?: (checkout: MockCheckout) => string
}

// Typed per endpoint, so a new entry of the endpoints table fails the build until it has a resolver.
const resolvers: { [N in EndpointName]: Resolver<N> } = {
  listComics,
  searchComics,
  adminListComics,
  createComic,
  updateComic,
  deleteComics,
  createChapters,
  updateChapter,
  listChapters,
  uploadAssets,
  uploadPage,
  setPageOrder,
  setPageAlt,
  getTranscript,
  putTranscript,
  listAssets,
  listGenres,
  createGenre,
  updateGenre,
  listPaymentSystems,
  createPayment,
  listSubscriptions,
  checkout,
  listPayments,
  refundPayment,
  cancelSubscription,
  exportMyData,
  deleteMyAccount,
  listCoinPacks,
  coinCheckout,
  confirmCoinPurchase,
  getCoinBalance,
  unlockEpisode,
  listCoinUnlocks,
  listCoinHistory,
  adminCoinBalance,
  creditCoins,
  refundCoinPack,
  listAudit,
  listMyProgress,
  syncMyProgress,
  listMyFollows,
  followComic,
  unfollowComic,
  getReaderSettings,
  putReaderSettings,
  getWaitForFree,
  unlockEpisodeFree,
  setWaitForFree,
  listComments,
  listEpisodeReactions,
  createComment,
  editComment,
  deleteComment,
  likeComment,
  unlikeComment,
  likeEpisode,
  unlikeEpisode,
  reportComment,
  pinComment,
  listCommentReports,
  moderateComment,
  suspendCommenter,
}

/** 200 with a body that breaks the contract where a client would notice: a number for an id or url. */
function contractBreakingResponse(name: EndpointName) {
  return HttpResponse.json(name === 'checkout' || name === 'coinCheckout' ? { url: 42 } : { data: [{ id: 42 }] })
}

function forcedResponse(name: EndpointName, forced: MockForcedError) {
  if (forced === 'network') return HttpResponse.error()
  if (forced === 'contract') return contractBreakingResponse(name)
  if (typeof forced === 'number') return errorResponse(forced, { message: `Forced ${forced} on ${name}` })
  return errorResponse(forced.status, forced)
}

/**
 * MSW 2 handlers for every call of the contract's `endpoints` table, over an in-memory copy of the
 * fixture catalogue. They validate bodies with the contract (400 with field errors), page and filter
 * lists, enforce access with the core rules (locked episodes 401/403, uncensored above level 2,
 * own subscriptions only, admin calls for the admin), and can add latency or force errors.
 * @example
 * // Node tests
 * const server = setupServer(...createHandlers())
 * // a story: a level 3 reader on a slow network, with the assets call failing
 * parameters: { msw: { handlers: createHandlers({ viewer: 'level3', latencyMs: 800, errors: { listAssets: 500 } }) } }
 */
export function createHandlers(options: MockHandlersOptions = {}): HttpHandler[] {
  const state = options.state ?? createMockState()
  const baseUrl = (options.baseUrl ?? `*${API_PREFIX}`).replace(/\/$/, '')
  const clock = options.now ?? (() => new Date())
  const checkoutUrl = options.checkoutUrl ?? defaultCheckoutUrl

  const latencyOf = (name: EndpointName): MockLatency =>
    typeof options.latencyMs === 'object' ? (options.latencyMs[name] ?? 0) : (options.latencyMs ?? 0)

  return (Object.keys(endpoints) as EndpointName[]).map((name) => {
    const endpoint = endpoints[name]
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'
    return http[method](`${baseUrl}${endpoint.path}`, async ({ request, params }) => {
      const latency = latencyOf(name)
      if (latency === 'infinite' || latency > 0) await delay(latency)

      const forced = options.errors?.[name]
      if (forced !== undefined) return forcedResponse(name, forced)

      const now = clock()
      const viewer = resolveViewer(request, state, options.viewer, now)
      if (endpoint.access !== 'public' && !viewer.signedIn) {
        return errorResponse(401, { message: 'Sign in to continue' })
      }
      if (endpoint.access === 'admin' && !viewer.admin) {
        return errorResponse(403, { message: 'Admin only' })
      }

      const input = await readRequestInput(endpoint, request, params)
      if (!input.ok) return validationErrorResponse(input.fieldErrors)

      const context = {
        request,
        params: input.params,
        body: input.body,
        fields: input.fields,
        files: input.files,
        viewer,
        state,
        now,
        siteMode: options.siteMode,
        checkoutUrl,
      } as ResolverContext<typeof name>
      const response = await (resolvers[name] as Resolver<typeof name>)(context)
      await recordMockAudit(name, context, response)
      return response
    })
  })
}
