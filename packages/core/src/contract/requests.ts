import * as z from 'zod/mini'
import { builtOnUse, listRequest } from './envelope'
import { COIN_CREDIT_MAX, COIN_CREDIT_REASON_LENGTH } from '../rules/coinCredit'
import { SEARCH_LIMIT_MAX, SEARCH_QUERY_LENGTH } from '../rules/search'
import { PROGRESS_SYNC_LIMIT } from '../rules/readingSync'
import {
  AssetVariantSchema,
  CoinPackIdSchema,
  ContentRatingSchema,
  IdSchema,
  PlanIdSchema,
  ReadingProgressEntrySchema,
  PublishAtSchema,
  SubscriptionLevelSchema,
  TranscriptEntrySchema,
} from './entities'
import { PAGE_ALT_MAX_LENGTH, TRANSCRIPT_ENTRIES_MAX } from '../rules/transcript'
import { WAIT_FOR_FREE_MAX_HOURS, WAIT_FOR_FREE_MAX_NEWEST_EXCLUDED } from '../rules/waitForFree'
import { READER_BACKGROUNDS, READER_PAGE_GAPS, READER_PAGE_WIDTHS, READER_SCROLL_SPEEDS, READER_FLOWS } from '../rules/readerSettings'

const idList = () => z.optional(z.array(IdSchema).check(z.maxLength(200)))
const variants = () => z.optional(z.array(AssetVariantSchema).check(z.maxLength(3)))
const trimmedName = () => z.string().check(z.trim(), z.minLength(1), z.maxLength(80))

/** The filters of both comic lists. */
const comicFilters = () => ({
  genres: idList(),
  id: idList(),
  contentRating: z.optional(z.array(ContentRatingSchema).check(z.maxLength(3))),
})
const comicSorts = ['created_at', 'title'] as const

/** POST /comics/list. `contentRating` is forced to the host's ratings by the client and the server. */
export const ComicsListRequestSchema = builtOnUse(() => listRequest(comicFilters(), comicSorts))
export type ComicsListRequest = z.input<typeof ComicsListRequestSchema>

/**
 * POST /admin/comics/list (admin): every comic whatever the host, of every rating and mirror flag, unless
 * a filter narrows it. `title` matches a part of the title, any case.
 */
export const AdminComicsListRequestSchema = builtOnUse(() =>
  listRequest(
    {
      ...comicFilters(),
      displayOnMirror: z.optional(z.boolean()),
      title: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
      /** true: comics with at least one draft episode (no publish time); false: comics with none. */
      hasDrafts: z.optional(z.boolean()),
    },
    comicSorts,
  ),
)
export type AdminComicsListRequest = z.input<typeof AdminComicsListRequestSchema>

/**
 * POST /chapters/list: published episodes only, unless an admin sets `includeUnpublished` (drafts and
 * scheduled episodes too; refused to anyone else).
 */
export const ChaptersListRequestSchema = builtOnUse(() =>
  listRequest(
    { comicsId: idList(), assetVariant: variants(), includeUnpublished: z.optional(z.boolean()) },
    ['chapterNumber'] as const,
  ),
)
export type ChaptersListRequest = z.input<typeof ChaptersListRequestSchema>

/** POST /comics-assets/list. */
export const AssetsListRequestSchema = builtOnUse(() =>
  listRequest(
    { comicsId: idList(), chapterId: idList(), variant: variants() },
    ['position'] as const,
  ),
)
export type AssetsListRequest = z.input<typeof AssetsListRequestSchema>

/** POST /genres/list. */
export const GenresListRequestSchema = builtOnUse(() =>
  listRequest(
    { id: idList(), mature: z.optional(z.boolean()) },
    ['name'] as const,
  ),
)
export type GenresListRequest = z.input<typeof GenresListRequestSchema>

/** POST /subscriptions/list. The server answers only the caller's own subscriptions. */
export const SubscriptionsListRequestSchema = builtOnUse(() =>
  listRequest(
    { userId: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(128))).check(z.maxLength(200))) },
    ['created_at'] as const,
  ),
)
export type SubscriptionsListRequest = z.input<typeof SubscriptionsListRequestSchema>

/** POST /payments/list. A reader sees only their own payments; an admin may ask for anyone's. */
export const PaymentsListRequestSchema = builtOnUse(() =>
  listRequest(
    { userId: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(128))).check(z.maxLength(200))) },
    ['paid_at'] as const,
  ),
)
export type PaymentsListRequest = z.input<typeof PaymentsListRequestSchema>

/** DELETE /comics. */
export const DeleteComicsBodySchema = builtOnUse(() =>
  z.strictObject({
    ids: z.array(IdSchema).check(z.minLength(1), z.maxLength(200)),
  }),
)
export type DeleteComicsBody = z.infer<typeof DeleteComicsBodySchema>

/** The most pages one episode holds in one variant. */
export const MAX_EPISODE_PAGES = 500

/**
 * POST /comics/{comicId}/chapters/{chapterId}/pages/{variant}/order: the episode's pages in that
 * variant, in reading order, by id; pages of the episode left out are removed.
 */
export const PageOrderBodySchema = builtOnUse(() =>
  z.strictObject({
    assetIds: z.array(IdSchema).check(z.minLength(1), z.maxLength(MAX_EPISODE_PAGES)),
  }),
)
export type PageOrderBody = z.infer<typeof PageOrderBodySchema>

/**
 * PUT /comics/{comicId}/chapters/{chapterId}/pages/{variant}/alt: the alt text of the pages listed, by
 * id; `null` or an empty text removes a page's alt text. Pages not listed keep theirs.
 */
export const PageAltBodySchema = builtOnUse(() =>
  z.strictObject({
    pages: z
      .array(z.strictObject({ assetId: IdSchema, alt: z.nullable(z.string().check(z.trim(), z.maxLength(PAGE_ALT_MAX_LENGTH))) }))
      .check(z.minLength(1), z.maxLength(MAX_EPISODE_PAGES)),
  }),
)
export type PageAltBody = z.input<typeof PageAltBodySchema>

/**
 * PUT /comics/{comicId}/chapters/{chapterId}/transcript: the episode's whole transcript, in reading order
 * (no entries removes it).
 */
export const TranscriptBodySchema = builtOnUse(() =>
  z.strictObject({
    entries: z.array(TranscriptEntrySchema).check(z.maxLength(TRANSCRIPT_ENTRIES_MAX)),
  }),
)
export type TranscriptBody = z.input<typeof TranscriptBodySchema>

/** PATCH /genres/{id}. */
export const UpdateGenreBodySchema = builtOnUse(() =>
  z.strictObject({
    mature: z.boolean(),
    name: z.optional(trimmedName()),
  }),
)
export type UpdateGenreBody = z.infer<typeof UpdateGenreBodySchema>

/** POST /genres (an admin call beyond spec §7, needed to manage the genre list). */
export const CreateGenreBodySchema = builtOnUse(() =>
  z.strictObject({
    name: trimmedName(),
    mature: z.boolean(),
  }),
)
export type CreateGenreBody = z.infer<typeof CreateGenreBodySchema>

/**
 * The checkout call (method and path are ours: POST /subscriptions/checkout).
 * `title` is the plan id; `urlSuccess` is the account page of the current origin (spec §7).
 */
export const CheckoutRequestSchema = builtOnUse(() =>
  z.strictObject({
    level: SubscriptionLevelSchema,
    title: PlanIdSchema,
    urlSuccess: z.url().check(z.maxLength(2048)),
  }),
)
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>

/**
 * POST /subscriptions: the reader, back from the provider's checkout (`?checkout={id}` on urlSuccess),
 * asks for what was paid. It grants only a payment the provider confirms, once; otherwise it answers
 * 409 `payment_pending` or 402 `payment_declined` and changes nothing. `paymentSystem` is informational.
 */
export const CreatePaymentBodySchema = builtOnUse(() =>
  z.strictObject({
    checkoutId: z.string().check(z.minLength(1), z.maxLength(128)),
    paymentSystem: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  }),
)
export type CreatePaymentBody = z.infer<typeof CreatePaymentBodySchema>

const userIds = () => z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(128))).check(z.maxLength(200)))

/** POST /coins/checkout: buy a pack through the provider's hosted checkout; back on `urlSuccess?checkout={id}`. */
export const CoinCheckoutRequestSchema = builtOnUse(() =>
  z.strictObject({
    packId: CoinPackIdSchema,
    urlSuccess: z.url().check(z.maxLength(2048)),
  }),
)
export type CoinCheckoutRequest = z.infer<typeof CoinCheckoutRequestSchema>

/**
 * POST /coins/purchases: the reader, back from the checkout, asks for the coins. Credited once when the
 * provider confirms the payment; otherwise 409 `payment_pending`, 402 `payment_declined`.
 */
export const ConfirmCoinPurchaseBodySchema = builtOnUse(() =>
  z.strictObject({ checkoutId: z.string().check(z.minLength(1), z.maxLength(128)) }),
)
export type ConfirmCoinPurchaseBody = z.infer<typeof ConfirmCoinPurchaseBodySchema>

/** POST /coins/unlocks: unlock one episode for good; asking again answers the same unlock. */
export const UnlockEpisodeBodySchema = builtOnUse(() => z.strictObject({ chapterId: IdSchema }))
export type UnlockEpisodeBody = z.infer<typeof UnlockEpisodeBodySchema>

/** POST /coins/unlocks/list: the caller's unlocked episodes, of some comics when `comicsId` is given. */
export const CoinUnlocksListRequestSchema = builtOnUse(() =>
  listRequest({ comicsId: idList(), userId: userIds() }, ['unlocked_at'] as const),
)
export type CoinUnlocksListRequest = z.input<typeof CoinUnlocksListRequestSchema>

/** POST /coins/history/list: the caller's coin ledger, newest first; an admin may name a reader. */
export const CoinHistoryListRequestSchema = builtOnUse(() =>
  listRequest({ userId: userIds() }, ['created_at'] as const),
)
export type CoinHistoryListRequest = z.input<typeof CoinHistoryListRequestSchema>

/** POST /admin/coins/credits (admin): a support credit, with the reason kept in the ledger. */
export const CreditCoinsBodySchema = builtOnUse(() =>
  z.strictObject({
    userId: z.string().check(z.minLength(1), z.maxLength(128)),
    coins: z.int().check(z.minimum(1), z.maximum(COIN_CREDIT_MAX)),
    reason: z.string().check(z.trim(), z.minLength(COIN_CREDIT_REASON_LENGTH.min), z.maxLength(COIN_CREDIT_REASON_LENGTH.max)),
  }),
)
export type CreditCoinsBody = z.infer<typeof CreditCoinsBodySchema>

/** POST /admin/audit/list (admin): the audit log, newest first; `comicsId` keeps the entries of those comics. */
export const AuditListRequestSchema = builtOnUse(() => listRequest({ comicsId: idList() }, ['created_at'] as const))
export type AuditListRequest = z.input<typeof AuditListRequestSchema>

/**
 * POST /comics/search: comics of the host's ratings whose title or description matches `q`, typos and
 * accents forgiven, best match first. `q` is trimmed; core `searchQueryOf` gives the query for what a
 * reader typed.
 * @example SearchComicsRequestSchema.parse({ q: 'moonlite', limit: 8, offset: 0 })
 */
export const SearchComicsRequestSchema = builtOnUse(() =>
  z.strictObject({
    q: z.string().check(z.trim(), z.minLength(SEARCH_QUERY_LENGTH.min), z.maxLength(SEARCH_QUERY_LENGTH.max)),
    limit: z.int().check(z.minimum(1), z.maximum(SEARCH_LIMIT_MAX)),
    offset: z.int().check(z.minimum(0), z.maximum(1_000)),
  }),
)
export type SearchComicsRequest = z.input<typeof SearchComicsRequestSchema>

/**
 * POST /me/progress: the positions of this browser (at most core `PROGRESS_SYNC_LIMIT`), merged into the
 * account per comic by the latest change; the answer is the account's positions after the merge.
 */
export const SyncProgressBodySchema = builtOnUse(() =>
  z.strictObject({ entries: z.array(ReadingProgressEntrySchema).check(z.maxLength(PROGRESS_SYNC_LIMIT)) }),
)
export type SyncProgressBody = z.infer<typeof SyncProgressBodySchema>

/** POST /me/follows: follow a comic (following it again changes nothing). */
export const FollowComicBodySchema = builtOnUse(() => z.strictObject({ comicId: IdSchema }))
export type FollowComicBody = z.infer<typeof FollowComicBodySchema>

/**
 * PUT /me/reader-settings: the reader's settings and when they changed on the device. The service keeps
 * them unless it holds a later change (latest change wins), and answers what it keeps.
 */
export const ReaderSettingsBodySchema = builtOnUse(() =>
  z.strictObject({
    pageWidth: z.enum(READER_PAGE_WIDTHS),
    pageGap: z.enum(READER_PAGE_GAPS),
    background: z.enum(READER_BACKGROUNDS),
    /** Absent from apps before auto-scroll: the service keeps the speed it has (the default for a new reader). */
    scrollSpeed: z.optional(z.enum(READER_SCROLL_SPEEDS)),
    /** Absent from apps before continuous reading: the service keeps the flow it has (the default for a new reader). */
    flow: z.optional(z.enum(READER_FLOWS)),
    updatedAt: PublishAtSchema,
  }),
)
export type ReaderSettingsBody = z.infer<typeof ReaderSettingsBodySchema>

/** PUT /admin/comics/:comicId/wait-for-free: the wait in whole hours (0 turns it off) and the newest episodes kept out. */
export const WaitForFreeSettingBodySchema = builtOnUse(() =>
  z.strictObject({
    waitHours: z.int().check(z.minimum(0), z.maximum(WAIT_FOR_FREE_MAX_HOURS)),
    newestExcluded: z.int().check(z.minimum(0), z.maximum(WAIT_FOR_FREE_MAX_NEWEST_EXCLUDED)),
  }),
)
export type WaitForFreeSettingBody = z.infer<typeof WaitForFreeSettingBodySchema>
