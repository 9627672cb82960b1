import type { AxiosInstance } from 'axios'
import type { AssetVariant, ContentRating, PaymentMethod } from '../contract/entities'
import type { NewChapter } from '../contract/multipart'
import { encodeMultipartPublishAt } from '../contract/multipartWire'
import type {
  CommentsListRequest,
  CreateCommentBody,
  EditCommentBody,
  ModerateCommentBody,
  ModerationListRequest,
  ReportCommentBody,
  SuspendCommenterBody,
} from '../contract/comments'
import type {
  AdminComicsListRequest,
  AssetsListRequest,
  AuditListRequest,
  ChaptersListRequest,
  CheckoutRequest,
  CoinCheckoutRequest,
  CoinHistoryListRequest,
  CoinUnlocksListRequest,
  ComicsListRequest,
  ConfirmCoinPurchaseBody,
  CreditCoinsBody,
  WaitForFreeSettingBody,
  CreateGenreBody,
  CreatePaymentBody,
  SyncProgressBody,
  GenresListRequest,
  SubscriptionsListRequest,
  PaymentsListRequest,
  SearchComicsRequest,
  UpdateGenreBody,
  ReaderSettingsBody,
  TranscriptBody,
} from '../contract/requests'
import type { SiteMode } from '../rules/access'
import { PAGE_SIZE } from '../rules/timing'
import { createEndpointCaller, type CallOptions, type EndpointResponse, type TokenProvider } from './callEndpoint'
import { depositMethods } from './depositMethods'
import {
  categoriesComicsRequest,
  comicChaptersRequest,
  episodeAssetsRequest,
  homeComicsRequest,
  hostComicsRequest,
  lastReadComicsRequest,
  type EpisodeAssetsQuery,
} from './presets'

/** Default time a call may take before it fails with a 'timeout' NetworkError. */
export const DEFAULT_TIMEOUT_MS = 30_000

export interface ComicsApiOptions {
  /** The versioned API root, for example `https://comics.example/api/v1` or `/api/v1` in a browser. */
  baseUrl: string
  /**
   * Returns the current auth token (sync or async). Each call asks for it, so a refreshed token is
   * used at once; no token means no Authorization header. An error it throws fails the call.
   */
  getToken?: TokenProvider
  /** The host's mode; comics/list always asks for its ratings (adult: AO, normal: T and M). */
  siteMode: SiteMode
  /** Milliseconds before a call fails with a 'timeout' NetworkError. Default {@link DEFAULT_TIMEOUT_MS}. */
  timeoutMs?: number
  /**
   * An axios instance of your own (interceptors, adapters). Give it no default Authorization header:
   * the client adds one per call when there is a token.
   */
  axiosInstance?: AxiosInstance
}

/** POST /comics: a new comic (admin). Files are page-image types, never SVG. */
export interface CreateComicInput {
  title: string
  description?: string
  contentRating: ContentRating
  /** Genre ids. */
  genres?: readonly string[]
  displayOnMirror?: boolean
  cover?: Blob
  banner?: Blob
}

/** PATCH /comics/{id}: only the fields given change (admin). */
export interface UpdateComicInput {
  title?: string
  description?: string
  contentRating?: ContentRating
  genres?: readonly string[]
  displayOnMirror?: boolean
  coverImage?: Blob
  bannerImage?: Blob
}

/** POST /chapters: chapters of one comic, with their preview images in the same order (admin). */
export interface CreateChaptersInput {
  comicsId: string
  chapters: readonly NewChapter[]
  previews?: readonly Blob[]
}

/** PATCH /chapters/{chapterId} (admin). */
export interface UpdateChapterInput {
  title?: string
  isFree?: boolean
  preview?: Blob
  /** When readers see it (ISO timestamp); `null` makes it a draft. */
  publishAt?: string | null
}

/** POST /comics/{comicId}/assets/{variant}: the pages of one chapter in reading order (admin). */
export interface UploadAssetsInput {
  comicId: string
  variant: AssetVariant
  chapterId: string
  pages: readonly Blob[]
}

/** One page of an episode in one variant (admin): added after the pages it has. */
export interface UploadPageInput {
  comicId: string
  chapterId: string
  variant: AssetVariant
  page: Blob
}

/** The pages of an episode in one variant, in reading order, by id (admin). */
export interface SetPageOrderInput {
  comicId: string
  chapterId: string
  variant: AssetVariant
  assetIds: readonly string[]
}

/** The alt text of an episode's pages in one variant, by id (admin); `null` or '' removes it. */
export interface SetPageAltInput {
  comicId: string
  chapterId: string
  variant: AssetVariant
  pages: readonly { assetId: string; alt: string | null }[]
}

/** An episode's whole transcript (admin); no entries removes it. */
export interface SetTranscriptInput {
  comicId: string
  chapterId: string
  entries: TranscriptBody['entries']
}

const firstPage = { limit: PAGE_SIZE, offset: 0 } as const

/**
 * The client of the comics REST API (spec §7): every call of the contract's `endpoints` table,
 * grouped by resource, plus the screen presets. Requests are validated before they leave, responses
 * parsed by the contract; failures are `ApiError`, `ContractError`, `NetworkError` or
 * `ValidationError`, all with a `code`.
 * @example
 * const api = createComicsApi({
 *   baseUrl: 'https://adult.example/api/v1',
 *   getToken: () => session.getSnapshot().token,
 *   siteMode: 'adult',
 * })
 * const { data: newest } = await api.comics.home()
 * const { data: pages } = await api.assets.ofEpisode({ comicId: '7', chapterId: '701', variant: 'censored' })
 */
export function createComicsApi(options: ComicsApiOptions) {
  if (!options.baseUrl) throw new TypeError('createComicsApi needs a baseUrl such as https://host/api/v1')
  // Loaded with the first request that goes out, not with the client: a page whose first answers came
  // with it (a server render's query cache) paints without downloading and running axios first.
  let loading: Promise<AxiosInstance> | undefined
  const loadAxios = () =>
    (loading ??= import('axios').then(
      ({ default: axios }) => axios.create(),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  const call = createEndpointCaller({
    http: options.axiosInstance ?? { load: loadAxios },
    baseUrl: options.baseUrl,
    getToken: options.getToken,
    timeoutMs: options.timeoutMs ?? (options.axiosInstance ? undefined : DEFAULT_TIMEOUT_MS),
  })
  const listComics = (request: ComicsListRequest, callOptions?: CallOptions) =>
    call('listComics', { ...callOptions, body: hostComicsRequest(request, options.siteMode) })

  const listChapters = (request: ChaptersListRequest, callOptions?: CallOptions) =>
    call('listChapters', { ...callOptions, body: request })

  const listAssets = (request: AssetsListRequest, callOptions?: CallOptions) =>
    call('listAssets', { ...callOptions, body: request })

  const listPaymentMethods = (callOptions?: CallOptions) => call('listPaymentSystems', { ...callOptions })

  return {
    /** The site mode this client was made for. */
    siteMode: options.siteMode,

    comics: {
      /** POST /comics/list with the host's ratings forced. */
      list: listComics,
      /** Home 'Something New': the 10 newest. */
      home: (callOptions?: CallOptions) => listComics(homeComicsRequest(), callOptions),
      /** Categories: up to 200, of one genre unless `genreId` is absent or 'all'. */
      categories: (genreId?: string | null, callOptions?: CallOptions) =>
        listComics(categoriesComicsRequest(genreId), callOptions),
      /** Account 'LAST READ' slider: at most 5 comics of these ids. */
      lastRead: (comicIds: readonly string[], callOptions?: CallOptions) =>
        listComics(lastReadComicsRequest(comicIds), callOptions),
      /**
       * POST /comics/search: comics of this host's ratings matching `q` in title or description, typos
       * and accents forgiven, best match first (the server decides the ratings from the host).
       */
      search: (request: SearchComicsRequest, callOptions?: CallOptions) =>
        call('searchComics', { ...callOptions, body: request }),
      /**
       * POST /admin/comics/list (admin): every comic of every rating and mirror flag, whatever this
       * client's host; page with `limit` and `offset` (the answer's `total` counts them all).
       */
      listAll: (request: AdminComicsListRequest, callOptions?: CallOptions) =>
        call('adminListComics', { ...callOptions, body: request }),
      /** POST /comics (admin). */
      create: (input: CreateComicInput, callOptions?: CallOptions) => {
        const { cover, banner, ...fields } = input
        return call('createComic', { ...callOptions, form: { fields, files: { cover, banner } } })
      },
      /** PATCH /comics/{id} (admin). */
      update: (id: string, input: UpdateComicInput, callOptions?: CallOptions) => {
        const { coverImage, bannerImage, ...fields } = input
        return call('updateComic', {
          ...callOptions,
          params: { id },
          form: { fields, files: { coverImage, bannerImage } },
        })
      },
      /** DELETE /comics with `{ ids }` (admin); answers the ids deleted. */
      delete: (ids: readonly string[], callOptions?: CallOptions) =>
        call('deleteComics', { ...callOptions, body: { ids } }),
    },

    chapters: {
      /** POST /chapters/list. */
      list: listChapters,
      /** The episodes of a comic: up to 200, by chapter number. */
      ofComic: (comicId: string, callOptions?: CallOptions) => listChapters(comicChaptersRequest(comicId), callOptions),
      /** Every episode of a comic, drafts and scheduled ones too (admin). */
      allOfComic: (comicId: string, callOptions?: CallOptions) =>
        listChapters(
          { ...comicChaptersRequest(comicId), filters: { comicsId: [comicId], includeUnpublished: true } },
          callOptions,
        ),
      /** POST /chapters (admin). */
      create: (input: CreateChaptersInput, callOptions?: CallOptions) =>
        call('createChapters', {
          ...callOptions,
          form: { fields: { comicsId: input.comicsId, chapters: input.chapters }, files: { files: input.previews } },
        }),
      /** PATCH /chapters/{chapterId} (admin). */
      update: (chapterId: string, input: UpdateChapterInput, callOptions?: CallOptions) =>
        call('updateChapter', {
          ...callOptions,
          params: { chapterId },
          form: {
            fields: {
              title: input.title,
              isFree: input.isFree,
              publishAt: input.publishAt === undefined ? undefined : encodeMultipartPublishAt(input.publishAt),
            },
            files: { files: input.preview },
          },
        }),
    },

    assets: {
      /** POST /comics-assets/list. A locked episode is refused: 401 signed out, 403 signed in. */
      list: listAssets,
      /** The page images of one episode in one variant, in reading order. */
      ofEpisode: (query: EpisodeAssetsQuery, callOptions?: CallOptions) =>
        listAssets(episodeAssetsRequest(query), callOptions),
      /** POST /comics/{comicId}/assets/{variant} (admin): replaces the pages of a chapter in that variant. */
      upload: (input: UploadAssetsInput, callOptions?: CallOptions) =>
        call('uploadAssets', {
          ...callOptions,
          params: { comicId: input.comicId, variant: input.variant },
          form: { fields: { chapterId: input.chapterId }, files: { files: input.pages } },
        }),
      /**
       * POST /comics/{comicId}/chapters/{chapterId}/pages/{variant} (admin): one page, added after the
       * episode's pages; `onUploadProgress` follows its bytes, `signal` cancels it.
       * @example
       * const { data: [page] } = await api.assets.uploadPage({ comicId, chapterId, variant: 'censored', page: file }, { onUploadProgress: ({ loaded }) => show(loaded) })
       */
      uploadPage: (input: UploadPageInput, callOptions?: CallOptions) =>
        call('uploadPage', {
          ...callOptions,
          params: { comicId: input.comicId, chapterId: input.chapterId, variant: input.variant },
          form: { fields: {}, files: { file: input.page } },
        }),
      /**
       * POST /comics/{comicId}/chapters/{chapterId}/pages/{variant}/order (admin): the episode's pages
       * become these, in this order, with no file sent again; pages left out are removed.
       */
      setOrder: (input: SetPageOrderInput, callOptions?: CallOptions) =>
        call('setPageOrder', {
          ...callOptions,
          params: { comicId: input.comicId, chapterId: input.chapterId, variant: input.variant },
          body: { assetIds: [...input.assetIds] },
        }),
      /**
       * PUT /comics/{comicId}/chapters/{chapterId}/pages/{variant}/alt (admin): the alt text of the pages
       * listed; answers the episode's pages in that variant.
       */
      setAlt: (input: SetPageAltInput, callOptions?: CallOptions) =>
        call('setPageAlt', {
          ...callOptions,
          params: { comicId: input.comicId, chapterId: input.chapterId, variant: input.variant },
          body: { pages: input.pages.map(({ assetId, alt }) => ({ assetId, alt })) },
        }),
    },

    transcripts: {
      /**
       * GET /chapters/{chapterId}/transcript: the episode's transcript, or `undefined` when it has none.
       * Refused as its pages are (401 signed out, 403 signed in without access).
       * @example
       * const transcript = await api.transcripts.ofEpisode('701')
       */
      ofEpisode: async (chapterId: string, callOptions?: CallOptions) =>
        (await call('getTranscript', { ...callOptions, params: { chapterId } })).data[0],
      /** PUT /comics/{comicId}/chapters/{chapterId}/transcript (admin): replaces the episode's transcript. */
      save: (input: SetTranscriptInput, callOptions?: CallOptions) =>
        call('putTranscript', {
          ...callOptions,
          params: { comicId: input.comicId, chapterId: input.chapterId },
          body: { entries: [...input.entries] },
        }),
    },

    genres: {
      /** POST /genres/list; by default the first 200. */
      list: (request: GenresListRequest = firstPage, callOptions?: CallOptions) =>
        call('listGenres', { ...callOptions, body: request }),
      /** POST /genres (admin). */
      create: (body: CreateGenreBody, callOptions?: CallOptions) => call('createGenre', { ...callOptions, body }),
      /** PATCH /genres/{id} with `{ mature, name? }` (admin). */
      update: (id: string, body: UpdateGenreBody, callOptions?: CallOptions) =>
        call('updateGenre', { ...callOptions, params: { id }, body }),
    },

    subscriptions: {
      /** POST /subscriptions/list: the caller's own subscriptions (skip it when signed out). */
      list: (request: SubscriptionsListRequest = firstPage, callOptions?: CallOptions) =>
        call('listSubscriptions', { ...callOptions, body: request }),
      /**
       * POST /subscriptions: confirms a checkout the provider says was paid and answers the subscription;
       * an `ApiError` with code `payment_pending` (409) or `payment_declined` (402) otherwise.
       */
      createPayment: (body: CreatePaymentBody, callOptions?: CallOptions) =>
        call('createPayment', { ...callOptions, body }),
      /** POST /subscriptions/{id}/cancel: turns auto-renewal off; access stays until the period end. */
      cancel: (id: string, callOptions?: CallOptions) => call('cancelSubscription', { ...callOptions, params: { id } }),
    },

    payments: {
      /** POST /payments/list: the caller's own payments (skip it when signed out); core `isFirstPurchase` reads them. */
      list: (request: PaymentsListRequest = firstPage, callOptions?: CallOptions) =>
        call('listPayments', { ...callOptions, body: request }),
      /** POST /payments/{id}/refund (admin): refunds through the provider; the subscription ends. */
      refund: (id: string, callOptions?: CallOptions) => call('refundPayment', { ...callOptions, params: { id } }),
    },
    account: {
      /** GET /me/export: everything the service holds about the caller (offer it as a JSON download). */
      exportData: (callOptions?: CallOptions) => call('exportMyData', { ...callOptions }),
      /**
       * DELETE /me: erases the caller's account (running subscriptions ended, payment records detached, the
       * sign-in deleted). The token must come from a sign-in of the last 5 minutes: re-authenticate first.
       */
      delete: (callOptions?: CallOptions) => call('deleteMyAccount', { ...callOptions }),
      /** GET /me/reader-settings: the caller's reader settings, `data` empty until first saved. */
      readerSettings: (callOptions?: CallOptions) => call('getReaderSettings', { ...callOptions }),
      /**
       * PUT /me/reader-settings: saves the settings with when they changed; the service keeps a later
       * change it already has (latest change wins) and answers what it keeps.
       */
      saveReaderSettings: (body: ReaderSettingsBody, callOptions?: CallOptions) =>
        call('putReaderSettings', { ...callOptions, body }),
    },

    paymentMethods: {
      /** GET /subscriptions/betatransfer/payment-systems: every method. */
      list: listPaymentMethods,
      /** The methods the payment page lists: type 'deposit' only. */
      deposit: async (callOptions?: CallOptions): Promise<PaymentMethod[]> =>
        depositMethods((await listPaymentMethods(callOptions)).data),
    },

    coins: {
      /** GET /coins/packs: the packs on sale (core `COIN_PACKS`). */
      packs: (callOptions?: CallOptions) => call('listCoinPacks', { ...callOptions }),
      /** POST /coins/checkout: starts the checkout of a pack; redirect the browser to the answered `url`. */
      checkout: (body: CoinCheckoutRequest, callOptions?: CallOptions) => call('coinCheckout', { ...callOptions, body }),
      /**
       * POST /coins/purchases: credits a pack the provider says was paid (once) and answers the credit;
       * an `ApiError` with code `payment_pending` (409) or `payment_declined` (402) otherwise.
       */
      confirmPurchase: (body: ConfirmCoinPurchaseBody, callOptions?: CallOptions) =>
        call('confirmCoinPurchase', { ...callOptions, body }),
      /** GET /coins/balance: the caller's balance (skip it when signed out). */
      balance: (callOptions?: CallOptions) => call('getCoinBalance', { ...callOptions }),
      /**
       * POST /coins/unlocks: unlocks an episode for good; asking again answers the same unlock. An
       * `ApiError` 409 with code `insufficient_coins`, `subscription_active` or `episode_free` otherwise.
       */
      unlock: (chapterId: string, callOptions?: CallOptions) =>
        call('unlockEpisode', { ...callOptions, body: { chapterId } }),
      /** POST /coins/unlocks/list: the caller's unlocked episodes (of some comics with `filters.comicsId`). */
      unlocks: (request: CoinUnlocksListRequest = firstPage, callOptions?: CallOptions) =>
        call('listCoinUnlocks', { ...callOptions, body: request }),
      /** POST /coins/history/list: the caller's coin ledger, newest first. */
      history: (request: CoinHistoryListRequest = firstPage, callOptions?: CallOptions) =>
        call('listCoinHistory', { ...callOptions, body: request }),
      /** GET /admin/coins/{userId}/balance (admin). */
      balanceOf: (userId: string, callOptions?: CallOptions) =>
        call('adminCoinBalance', { ...callOptions, params: { userId } }),
      /** POST /admin/coins/credits (admin): a support credit with its reason. */
      credit: (body: CreditCoinsBody, callOptions?: CallOptions) => call('creditCoins', { ...callOptions, body }),
      /**
       * POST /admin/coins/purchases/{id}/refund (admin): refunds a pack (its purchase's ledger entry id)
       * through the provider; what is left of its coins is taken back, coins spent stay spent.
       */
      refundPack: (purchaseId: string, callOptions?: CallOptions) =>
        call('refundCoinPack', { ...callOptions, params: { id: purchaseId } }),
    },

    waitForFree: {
      /** GET /comics/{comicId}/wait-for-free: the comic's wait and, signed in, when the caller's timer is ready. */
      status: (comicId: string, callOptions?: CallOptions) => call('getWaitForFree', { ...callOptions, params: { comicId } }),
      /**
       * POST /wait-for-free/unlocks: unlocks a locked episode free, for good, and restarts the timer. An
       * `ApiError` 409 with code `timer_running`, `wait_for_free_off`, `newest_excluded`, `episode_free` or
       * `subscription_active` otherwise.
       */
      unlock: (chapterId: string, callOptions?: CallOptions) =>
        call('unlockEpisodeFree', { ...callOptions, body: { chapterId } }),
      /** PUT /admin/comics/{comicId}/wait-for-free (admin): the wait in hours (0: off) and the newest kept out. */
      set: (comicId: string, body: WaitForFreeSettingBody, callOptions?: CallOptions) =>
        call('setWaitForFree', { ...callOptions, params: { comicId }, body }),
    },

    progress: {
      /** GET /me/progress: the account's reading positions, most recent first (skip it when signed out). */
      list: (callOptions?: CallOptions) => call('listMyProgress', { ...callOptions }),
      /**
       * POST /me/progress: merges these positions into the account per comic by the latest change and
       * answers the account's positions after the merge (core `mergeReadingProgress` on both sides).
       */
      sync: (entries: SyncProgressBody['entries'], callOptions?: CallOptions) =>
        call('syncMyProgress', { ...callOptions, body: { entries } }),
    },

    follows: {
      /** GET /me/follows: the followed comics with their new episodes (skip it when signed out). */
      list: (callOptions?: CallOptions) => call('listMyFollows', { ...callOptions }),
      /** POST /me/follows: follows a comic; following it again answers the same follow. */
      follow: (comicId: string, callOptions?: CallOptions) => call('followComic', { ...callOptions, body: { comicId } }),
      /** DELETE /me/follows/{comicId}: stops following it (not following it is no error). */
      unfollow: (comicId: string, callOptions?: CallOptions) =>
        call('unfollowComic', { ...callOptions, params: { comicId } }),
    },

    comments: {
      /** POST /comments/list: an episode's comments with their replies, pinned first, then `sort`. */
      list: (request: CommentsListRequest, callOptions?: CallOptions) => call('listComments', { ...callOptions, body: request }),
      /** POST /comments/counts: comment and like counts of every published episode of a comic. */
      counts: (comicId: string, callOptions?: CallOptions) => call('listEpisodeReactions', { ...callOptions, body: { comicId } }),
      /** POST /comments: comments on an episode, or replies with `parentId`. */
      create: (body: CreateCommentBody, callOptions?: CallOptions) => call('createComment', { ...callOptions, body }),
      /** PATCH /comments/{id}: edits the caller's own comment. */
      edit: (id: string, body: EditCommentBody, callOptions?: CallOptions) => call('editComment', { ...callOptions, params: { id }, body }),
      /** DELETE /comments/{id}: deletes the caller's own comment (an admin: any). */
      delete: (id: string, callOptions?: CallOptions) => call('deleteComment', { ...callOptions, params: { id } }),
      /** PUT or DELETE /comments/{id}/like. */
      like: (id: string, liked: boolean, callOptions?: CallOptions) =>
        call(liked ? 'likeComment' : 'unlikeComment', { ...callOptions, params: { id } }),
      /** PUT or DELETE /episodes/{chapterId}/like. */
      likeEpisode: (chapterId: string, liked: boolean, callOptions?: CallOptions) =>
        call(liked ? 'likeEpisode' : 'unlikeEpisode', { ...callOptions, params: { chapterId } }),
      /** POST /comments/{id}/reports: reports a comment with a reason. */
      report: (id: string, body: ReportCommentBody, callOptions?: CallOptions) => call('reportComment', { ...callOptions, params: { id }, body }),
      /** POST /admin/comments/{id}/pin (admin). */
      pin: (id: string, pinned: boolean, callOptions?: CallOptions) => call('pinComment', { ...callOptions, params: { id }, body: { pinned } }),
      /** POST /admin/comments/reports/list (admin): the moderation queue. */
      reports: (request: ModerationListRequest = { limit: 50, offset: 0 }, callOptions?: CallOptions) =>
        call('listCommentReports', { ...callOptions, body: request }),
      /** POST /admin/comments/{id}/moderation (admin): hide, restore or delete. */
      moderate: (id: string, action: ModerateCommentBody['action'], callOptions?: CallOptions) =>
        call('moderateComment', { ...callOptions, params: { id }, body: { action } }),
      /** POST /admin/comments/{id}/suspension (admin): suspends the comment's author for `days`. */
      suspendAuthor: (id: string, days: SuspendCommenterBody['days'], callOptions?: CallOptions) =>
        call('suspendCommenter', { ...callOptions, params: { id }, body: { days } }),
    },

    audit: {
      /** POST /admin/audit/list (admin): who changed what and when, newest first, with the total. */
      list: (request: AuditListRequest = firstPage, callOptions?: CallOptions) =>
        call('listAudit', { ...callOptions, body: request }),
    },

    checkout: {
      /**
       * Starts a checkout for a plan; redirect the browser to the answered `url`.
       * `title` is the plan id, `urlSuccess` the account page of the current origin (spec §7).
       */
      create: (body: CheckoutRequest, callOptions?: CallOptions) => call('checkout', { ...callOptions, body }),
    },
  }
}

/** The client made by {@link createComicsApi}. */
export type ComicsApi = ReturnType<typeof createComicsApi>

export type { EndpointResponse }
