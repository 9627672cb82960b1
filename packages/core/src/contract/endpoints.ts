import * as z from 'zod/mini'
import { builtOnUse, envelope, type Schema } from './envelope'
import { commentEndpoints } from './comments'
import {
  AccountDeletionSchema,
  AccountExportSchema,
  AssetSchema,
  AuditEntrySchema,
  AssetVariantSchema,
  ChapterSchema,
  CheckoutResponseSchema,
  CoinBalanceSchema,
  CoinLedgerEntrySchema,
  CoinPackRefundSchema,
  CoinPackSchema,
  CoinUnlockSchema,
  ComicSchema,
  FollowSchema,
  GenreSchema,
  IdSchema,
  PaymentMethodSchema,
  PaymentSchema,
  ReadingProgressEntrySchema,
  ReaderSettingsSchema,
  SubscriptionSchema,
  TranscriptSchema,
  WaitForFreeStatusSchema,
} from './entities'
import {
  AdminComicsListRequestSchema,
  AssetsListRequestSchema,
  AuditListRequestSchema,
  ChaptersListRequestSchema,
  CheckoutRequestSchema,
  CoinCheckoutRequestSchema,
  CoinHistoryListRequestSchema,
  CoinUnlocksListRequestSchema,
  ComicsListRequestSchema,
  ConfirmCoinPurchaseBodySchema,
  CreditCoinsBodySchema,
  UnlockEpisodeBodySchema,
  CreateGenreBodySchema,
  CreatePaymentBodySchema,
  DeleteComicsBodySchema,
  GenresListRequestSchema,
  PageAltBodySchema,
  PageOrderBodySchema,
  TranscriptBodySchema,
  PaymentsListRequestSchema,
  SearchComicsRequestSchema,
  ReaderSettingsBodySchema,
  SubscriptionsListRequestSchema,
  UpdateGenreBodySchema,
  SyncProgressBodySchema,
  FollowComicBodySchema,
  WaitForFreeSettingBodySchema,
} from './requests'
import {
  CreateChaptersFieldsSchema,
  CreateComicFieldsSchema,
  UpdateChapterFieldsSchema,
  UpdateComicFieldsSchema,
  UploadAssetsFieldsSchema,
  UploadPageFieldsSchema,
} from './multipart'

/** The versioned REST prefix (spec §7: `{host}/api/v1`). */
export const API_PREFIX = '/api/v1'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface EndpointDefinition {
  method: HttpMethod
  /** Path below {@link API_PREFIX}, with `:param` placeholders. */
  path: string
  summary: string
  /** Who may call it: anyone, a signed-in user, or an admin (custom claim `admin: true`). */
  access: 'public' | 'user' | 'admin'
  params?: Schema
  body?: Schema
  /** Text fields of a multipart body, and the names of its file fields. */
  multipart?: { fields: Schema; files: readonly string[] }
  response: Schema
}

/** `{ id }` in the path (comics, genres, subscriptions) and in the answer of a delete. */
const IdParamsSchema = builtOnUse(() => z.object({ id: IdSchema }))
const DeletedSchema = envelope(IdParamsSchema)

/**
 * Every call of spec §7, plus the calls the spec leaves unnamed (checkout, payment, cancel,
 * genre creation). The client, the mocks, the reference server and its OpenAPI document all read
 * this one table.
 */
export const endpoints = {
  listComics: {
    method: 'POST', path: '/comics/list', access: 'public', summary: 'List comics of the host ratings',
    body: ComicsListRequestSchema, response: envelope(ComicSchema),
  },
  searchComics: {
    method: 'POST', path: '/comics/search', access: 'public',
    summary: "Find comics of the host's ratings by title and description, typos and accents forgiven, best match first",
    body: SearchComicsRequestSchema, response: envelope(ComicSchema),
  },
  adminListComics: {
    method: 'POST', path: '/admin/comics/list', access: 'admin', summary: 'List every comic, of every rating and mirror flag (admin)',
    body: AdminComicsListRequestSchema, response: envelope(ComicSchema),
  },
  createComic: {
    method: 'POST', path: '/comics', access: 'admin', summary: 'Create a comic',
    multipart: { fields: CreateComicFieldsSchema, files: ['cover', 'banner'] }, response: envelope(ComicSchema),
  },
  updateComic: {
    method: 'PATCH', path: '/comics/:id', access: 'admin', summary: 'Update a comic',
    params: IdParamsSchema,
    multipart: { fields: UpdateComicFieldsSchema, files: ['coverImage', 'bannerImage'] }, response: envelope(ComicSchema),
  },
  deleteComics: {
    method: 'DELETE', path: '/comics', access: 'admin', summary: 'Delete comics with their chapters and pages',
    body: DeleteComicsBodySchema, response: DeletedSchema,
  },
  createChapters: {
    method: 'POST', path: '/chapters', access: 'admin', summary: 'Create chapters of a comic',
    multipart: { fields: CreateChaptersFieldsSchema, files: ['files'] }, response: envelope(ChapterSchema),
  },
  updateChapter: {
    method: 'PATCH', path: '/chapters/:chapterId', access: 'admin', summary: 'Update a chapter',
    params: builtOnUse(() => z.object({ chapterId: IdSchema })),
    multipart: { fields: UpdateChapterFieldsSchema, files: ['files'] }, response: envelope(ChapterSchema),
  },
  listChapters: {
    method: 'POST', path: '/chapters/list', access: 'public', summary: 'List chapters',
    body: ChaptersListRequestSchema, response: envelope(ChapterSchema),
  },
  uploadAssets: {
    method: 'POST', path: '/comics/:comicId/assets/:variant', access: 'admin', summary: 'Upload the pages of a chapter in one variant',
    params: builtOnUse(() => z.object({ comicId: IdSchema, variant: AssetVariantSchema })),
    multipart: { fields: UploadAssetsFieldsSchema, files: ['files'] }, response: envelope(AssetSchema),
  },
  uploadPage: {
    method: 'POST', path: '/comics/:comicId/chapters/:chapterId/pages/:variant', access: 'admin',
    summary: "Add one page image after an episode's pages in one variant (the studio's uploader sends one file per call)",
    params: builtOnUse(() => z.object({ comicId: IdSchema, chapterId: IdSchema, variant: AssetVariantSchema })),
    multipart: { fields: UploadPageFieldsSchema, files: ['file'] }, response: envelope(AssetSchema),
  },
  setPageOrder: {
    method: 'POST', path: '/comics/:comicId/chapters/:chapterId/pages/:variant/order', access: 'admin',
    summary: "Set an episode's pages in one variant, in reading order, from pages already uploaded (pages left out are removed)",
    params: builtOnUse(() => z.object({ comicId: IdSchema, chapterId: IdSchema, variant: AssetVariantSchema })),
    body: PageOrderBodySchema, response: envelope(AssetSchema),
  },
  setPageAlt: {
    method: 'PUT', path: '/comics/:comicId/chapters/:chapterId/pages/:variant/alt', access: 'admin',
    summary: "Set the alt text of an episode's pages in one variant, by id (null removes it; pages not listed keep theirs); answers the pages",
    params: builtOnUse(() => z.object({ comicId: IdSchema, chapterId: IdSchema, variant: AssetVariantSchema })),
    body: PageAltBodySchema, response: envelope(AssetSchema),
  },
  getTranscript: {
    method: 'GET', path: '/chapters/:chapterId/transcript', access: 'public',
    summary: "An episode's transcript (dialogue, narration, descriptions, sounds by page; none: no entry in data), locked as its pages are",
    params: builtOnUse(() => z.object({ chapterId: IdSchema })), response: envelope(TranscriptSchema),
  },
  putTranscript: {
    method: 'PUT', path: '/comics/:comicId/chapters/:chapterId/transcript', access: 'admin',
    summary: "Set an episode's whole transcript (no entries removes it)",
    params: builtOnUse(() => z.object({ comicId: IdSchema, chapterId: IdSchema })),
    body: TranscriptBodySchema, response: envelope(TranscriptSchema),
  },
  listAssets: {
    method: 'POST', path: '/comics-assets/list', access: 'public', summary: 'List page images of an episode (locked episodes refused)',
    body: AssetsListRequestSchema, response: envelope(AssetSchema),
  },
  listGenres: {
    method: 'POST', path: '/genres/list', access: 'public', summary: 'List genres',
    body: GenresListRequestSchema, response: envelope(GenreSchema),
  },
  createGenre: {
    method: 'POST', path: '/genres', access: 'admin', summary: 'Create a genre',
    body: CreateGenreBodySchema, response: envelope(GenreSchema),
  },
  updateGenre: {
    method: 'PATCH', path: '/genres/:id', access: 'admin', summary: 'Update a genre',
    params: IdParamsSchema, body: UpdateGenreBodySchema, response: envelope(GenreSchema),
  },
  listPaymentSystems: {
    method: 'GET', path: '/subscriptions/betatransfer/payment-systems', access: 'public', summary: 'Payment methods',
    response: envelope(PaymentMethodSchema),
  },
  createPayment: {
    method: 'POST', path: '/subscriptions', access: 'user', summary: "Confirm a checkout the provider says was paid (else 409 payment_pending, 402 payment_declined)",
    body: CreatePaymentBodySchema, response: envelope(SubscriptionSchema),
  },
  listSubscriptions: {
    method: 'POST', path: '/subscriptions/list', access: 'user', summary: "The caller's subscriptions",
    body: SubscriptionsListRequestSchema, response: envelope(SubscriptionSchema),
  },
  checkout: {
    method: 'POST', path: '/subscriptions/checkout', access: 'user', summary: 'Start a checkout; answers the payment page url',
    body: CheckoutRequestSchema, response: CheckoutResponseSchema,
  },
  listPayments: {
    method: 'POST', path: '/payments/list', access: 'user', summary: "The caller's payments (an admin: anyone's)",
    body: PaymentsListRequestSchema, response: envelope(PaymentSchema),
  },
  refundPayment: {
    method: 'POST', path: '/payments/:id/refund', access: 'admin', summary: 'Refund a payment through the provider; its subscription ends',
    params: IdParamsSchema, response: envelope(PaymentSchema),
  },
  cancelSubscription: {
    method: 'POST', path: '/subscriptions/:id/cancel', access: 'user', summary: 'Turn off auto-renewal; access stays until the period end',
    params: IdParamsSchema, response: envelope(SubscriptionSchema),
  },
  exportMyData: {
    method: 'GET', path: '/me/export', access: 'user', summary: 'Everything the service holds about the caller, as JSON',
    response: AccountExportSchema,
  },
  deleteMyAccount: {
    method: 'DELETE', path: '/me', access: 'user',
    summary: 'Erase the caller: running subscriptions ended, data erased, payment records detached, sign-in deleted (needs a sign-in of the last 5 minutes)',
    response: AccountDeletionSchema,
  },
  listCoinPacks: {
    method: 'GET', path: '/coins/packs', access: 'public', summary: 'The coin packs on sale',
    response: envelope(CoinPackSchema),
  },
  coinCheckout: {
    method: 'POST', path: '/coins/checkout', access: 'user', summary: 'Start the checkout of a coin pack; answers the payment page url',
    body: CoinCheckoutRequestSchema, response: CheckoutResponseSchema,
  },
  confirmCoinPurchase: {
    method: 'POST', path: '/coins/purchases', access: 'user', summary: 'Credit a coin pack the provider says was paid, once (else 409 payment_pending, 402 payment_declined)',
    body: ConfirmCoinPurchaseBodySchema, response: envelope(CoinLedgerEntrySchema),
  },
  getCoinBalance: {
    method: 'GET', path: '/coins/balance', access: 'user', summary: "The caller's coin balance",
    response: envelope(CoinBalanceSchema),
  },
  unlockEpisode: {
    method: 'POST', path: '/coins/unlocks', access: 'user', summary: 'Unlock an episode with coins, once (409 insufficient_coins, subscription_active, episode_free)',
    body: UnlockEpisodeBodySchema, response: envelope(CoinUnlockSchema),
  },
  listCoinUnlocks: {
    method: 'POST', path: '/coins/unlocks/list', access: 'user', summary: "The episodes the caller unlocked with coins (an admin: anyone's)",
    body: CoinUnlocksListRequestSchema, response: envelope(CoinUnlockSchema),
  },
  listCoinHistory: {
    method: 'POST', path: '/coins/history/list', access: 'user', summary: "The caller's coin ledger, newest first (an admin: anyone's)",
    body: CoinHistoryListRequestSchema, response: envelope(CoinLedgerEntrySchema),
  },
  adminCoinBalance: {
    method: 'GET', path: '/admin/coins/:userId/balance', access: 'admin', summary: "A reader's coin balance (admin)",
    params: builtOnUse(() => z.object({ userId: z.string().check(z.minLength(1), z.maxLength(128)) })),
    response: envelope(CoinBalanceSchema),
  },
  creditCoins: {
    method: 'POST', path: '/admin/coins/credits', access: 'admin', summary: 'Credit coins to a reader with a reason (support), logged',
    body: CreditCoinsBodySchema, response: envelope(CoinLedgerEntrySchema),
  },
  refundCoinPack: {
    method: 'POST', path: '/admin/coins/purchases/:id/refund', access: 'admin',
    summary: "Refund a coin pack through the provider (its ledger entry's id); what is left of its coins is taken back, coins spent stay spent; audited",
    params: IdParamsSchema, response: envelope(CoinPackRefundSchema),
  },
  listAudit: {
    method: 'POST', path: '/admin/audit/list', access: 'admin', summary: 'The audit log of admin writes, newest first (admin)',
    body: AuditListRequestSchema, response: envelope(AuditEntrySchema),
  },
  listMyProgress: {
    method: 'GET', path: '/me/progress', access: 'user', summary: "The caller's reading positions, one per comic, most recent first",
    response: envelope(ReadingProgressEntrySchema),
  },
  syncMyProgress: {
    method: 'POST', path: '/me/progress', access: 'user',
    summary: "Merge this browser's reading positions into the account, per comic by the latest change; answers the account's positions",
    body: SyncProgressBodySchema, response: envelope(ReadingProgressEntrySchema),
  },
  listMyFollows: {
    method: 'GET', path: '/me/follows', access: 'user', summary: 'The comics the caller follows (of the host ratings), with the episodes new since they last read each',
    response: envelope(FollowSchema),
  },
  followComic: {
    method: 'POST', path: '/me/follows', access: 'user', summary: 'Follow a comic of the host ratings (404 comic_not_found)',
    body: FollowComicBodySchema, response: envelope(FollowSchema),
  },
  unfollowComic: {
    method: 'DELETE', path: '/me/follows/:comicId', access: 'user', summary: 'Stop following a comic',
    params: builtOnUse(() => z.object({ comicId: IdSchema })), response: envelope(builtOnUse(() => z.object({ comicId: IdSchema }))),
  },
  getReaderSettings: {
    method: 'GET', path: '/me/reader-settings', access: 'user',
    summary: "The caller's reader settings (page width, gap, background), none until first saved",
    response: envelope(ReaderSettingsSchema),
  },
  putReaderSettings: {
    method: 'PUT', path: '/me/reader-settings', access: 'user',
    summary: "Save the caller's reader settings; a change older than the one kept is ignored (latest change wins); answers what is kept",
    body: ReaderSettingsBodySchema, response: envelope(ReaderSettingsSchema),
  },
  getWaitForFree: {
    method: 'GET', path: '/comics/:comicId/wait-for-free', access: 'public',
    summary: "A comic's free-after-a-wait setting and, signed in, when the caller's timer is ready (server clock)",
    params: builtOnUse(() => z.object({ comicId: IdSchema })), response: envelope(WaitForFreeStatusSchema),
  },
  unlockEpisodeFree: {
    method: 'POST', path: '/wait-for-free/unlocks', access: 'user',
    summary: 'Unlock a locked episode free with a ready timer, for good, and restart the timer (409 timer_running, wait_for_free_off, newest_excluded, episode_free, subscription_active)',
    body: UnlockEpisodeBodySchema, response: envelope(CoinUnlockSchema),
  },
  setWaitForFree: {
    method: 'PUT', path: '/admin/comics/:comicId/wait-for-free', access: 'admin',
    summary: "Set a comic's wait for a free episode (0 hours: off) and the newest episodes kept out, audited",
    params: builtOnUse(() => z.object({ comicId: IdSchema })), body: WaitForFreeSettingBodySchema, response: envelope(WaitForFreeStatusSchema),
  },
  ...commentEndpoints,
} as const satisfies Record<string, EndpointDefinition>

export type EndpointName = keyof typeof endpoints

/** Fills `:param` placeholders of an endpoint path, URL-encoding each value. */
export function endpointPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new TypeError(`Missing path parameter '${name}' for ${path}`)
    return encodeURIComponent(value)
  })
}
