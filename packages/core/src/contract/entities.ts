// zod/mini keeps the contract tree-shakable: an app that imports one schema does not pay for all of zod.
import * as z from 'zod/mini'
import { builtOnUse } from './envelope'
import { DEFAULT_READER_SETTINGS, READER_BACKGROUNDS, READER_PAGE_GAPS, READER_PAGE_WIDTHS, READER_SCROLL_SPEEDS, READER_FLOWS } from '../rules/readerSettings'
import {
  PAGE_ALT_MAX_LENGTH,
  TRANSCRIPT_ENTRIES_MAX,
  TRANSCRIPT_ENTRY_KINDS,
  TRANSCRIPT_SPEAKER_MAX_LENGTH,
  TRANSCRIPT_TEXT_MAX_LENGTH,
} from '../rules/transcript'

/** Identifiers travel as strings on the wire (spec §7 examples use `comicsId: ['7']`). */
export const IdSchema = z.string().check(z.minLength(1), z.maxLength(64))

/** Content ratings: the adult host shows AO, the other hosts T and M (spec §3). */
export const ContentRatingSchema = z.enum(['AO', 'T', 'M'])
export type ContentRating = z.infer<typeof ContentRatingSchema>

/** The three editions of an episode's page images (spec §6 "Asset variant"). */
export const AssetVariantSchema = z.enum(['censored', 'uncensored', 'legal'])
export type AssetVariant = z.infer<typeof AssetVariantSchema>

/** Whether `value` is an ISO timestamp with its offset (`Z` or `+02:00`) that names a real instant. */
export function isPublishTime(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value))
}

/**
 * A publish time (see {@link isPublishTime}). A plain check rather than `z.iso.datetime`, which would bring
 * zod's whole date-time grammar to every client.
 */
export const PublishAtSchema = z.string().check(z.refine(isPublishTime, { message: 'Expected an ISO date and time with its offset' }))

const name = () => z.string().check(z.minLength(1), z.maxLength(80))
const count = (min: number) => z.int().check(z.minimum(min))

export const GenreSchema = builtOnUse(() =>
  z.object({
    id: IdSchema,
    name: name(),
    mature: z.boolean(),
  }),
)
export type Genre = z.infer<typeof GenreSchema>

/** A genre as embedded in a comic: id and name, the mature flag when the server knows it. */
export const ComicGenreSchema = builtOnUse(() =>
  z.object({
    id: IdSchema,
    name: name(),
    mature: z.optional(z.boolean()),
  }),
)
export type ComicGenre = z.infer<typeof ComicGenreSchema>

export const ComicSchema = builtOnUse(() =>
  z.object({
    id: IdSchema,
    title: z.string().check(z.minLength(1)),
    description: z.string(),
    coverImageUrl: z.string(),
    /** May be empty (spec §3). */
    bannerImageUrl: z.string(),
    contentRating: ContentRatingSchema,
    genres: z.array(ComicGenreSchema),
    displayOnMirror: z.boolean(),
    /** ISO timestamp; home sorts by it (spec §7 "created_at descending"). */
    createdAt: z.optional(z.string()),
  }),
)
export type Comic = z.infer<typeof ComicSchema>

/** What a comic card needs (spec §3). */
export type ComicCardData = Pick<Comic, 'id' | 'title' | 'bannerImageUrl'>

export const ChapterSchema = builtOnUse(() =>
  z.object({
    id: IdSchema,
    comicsId: IdSchema,
    title: z.string().check(z.minLength(1)),
    chapterNumber: count(1),
    isFree: z.boolean(),
    previewImageUrl: z.string(),
    /**
     * ISO timestamp from which readers see the episode; `null` for a draft. Readers are only ever sent
     * published episodes; an admin asking for unpublished ones sees drafts and scheduled ones too (core
     * `publicationStatus`). Absent from servers before scheduled releases: published.
     */
    publishAt: z.optional(z.nullable(PublishAtSchema)),
    /**
     * Whether the episode has a transcript (GET /chapters/{chapterId}/transcript), so a reader offers it
     * without downloading it first. Absent from servers before transcripts: none.
     */
    hasTranscript: z.optional(z.boolean()),
  }),
)
export type Chapter = z.infer<typeof ChapterSchema>

/** A page's alt text as the contract carries it: trimmed, never empty (none is written as absent). */
export const PageAltSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(PAGE_ALT_MAX_LENGTH))

/**
 * One tile of a tall page (core `pageTileHeights`): a band of the page's full width, top to bottom in the
 * order listed, with its own address, size in pixels and renditions (`assetRenditionUrl(url, width)`).
 */
export const AssetTileSchema = builtOnUse(() =>
  z.object({
    url: z.string().check(z.minLength(1)),
    width: count(1),
    height: count(1),
    widths: z.optional(z.array(count(1))),
  }),
)
export type AssetTile = z.infer<typeof AssetTileSchema>

/**
 * A page image. `width` and `height` (pixels) let the reader reserve space before it loads; `widths`
 * lists narrower renditions of it, each served at `assetRenditionUrl(url, width)` (see renditions.ts).
 * A page too tall to decode safely on a phone also lists `tiles`, which a reader shows stacked in its
 * place; `url` stays the whole page, as uploaded.
 */
export const AssetSchema = builtOnUse(() =>
  z.object({
    id: IdSchema,
    url: z.string().check(z.minLength(1)),
    width: z.optional(count(1)),
    height: z.optional(count(1)),
    widths: z.optional(z.array(count(1))),
    tiles: z.optional(z.array(AssetTileSchema)),
    comicsId: z.optional(IdSchema),
    chapterId: z.optional(IdSchema),
    variant: z.optional(AssetVariantSchema),
    /** Order of the page in its episode, from 1. */
    position: z.optional(count(1)),
    /**
     * ISO timestamp at which `url` (and its renditions' addresses) stop working: set on the short-lived
     * signed addresses of locked and uncensored pages (core `isPagePublic`), absent on a public page. A
     * client holding the page list past it asks for the list again.
     */
    expiresAt: z.optional(z.string()),
    /**
     * What the page shows, in words, written in the studio: the image's alt text. Absent when none was
     * written: the reader then names it "Page n of m".
     */
    alt: z.optional(PageAltSchema),
  }),
)
export type Asset = z.infer<typeof AssetSchema>

/** One entry of an episode's transcript (core `TRANSCRIPT_ENTRY_KINDS`): on which page, what kind, who speaks, the words. */
export const TranscriptEntrySchema = builtOnUse(() =>
  z.object({
    /** The page (its position, from 1) the entry belongs to. */
    page: z.int().check(z.minimum(1), z.maximum(500)), // MAX_EPISODE_PAGES (requests.ts imports this module)
    kind: z.enum(TRANSCRIPT_ENTRY_KINDS),
    /** Who speaks: for dialogue (and a narrator who has a name). */
    speaker: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(TRANSCRIPT_SPEAKER_MAX_LENGTH))),
    text: z.string().check(z.trim(), z.minLength(1), z.maxLength(TRANSCRIPT_TEXT_MAX_LENGTH)),
  }),
)
export type TranscriptEntry = z.infer<typeof TranscriptEntrySchema>

/**
 * An episode's transcript (GET /chapters/{chapterId}/transcript; written in the studio with PUT): its
 * dialogue, narration, descriptions and sounds in reading order, page by page. Locked with its episode.
 */
export const TranscriptSchema = builtOnUse(() =>
  z.object({
    chapterId: IdSchema,
    entries: z.array(TranscriptEntrySchema).check(z.maxLength(TRANSCRIPT_ENTRIES_MAX)),
    /** ISO timestamp of the last change. */
    updatedAt: z.optional(z.string()),
  }),
)
export type Transcript = z.infer<typeof TranscriptSchema>

export const SubscriptionLevelSchema = z.int().check(z.minimum(1), z.maximum(4))

export const SubscriptionSchema = builtOnUse(() =>
  z.object({
    id: IdSchema,
    userId: z.string().check(z.minLength(1)),
    /** 'active' is the status that grants access (spec §3); others pass through as they come. */
    status: z.string().check(z.minLength(1)),
    level: SubscriptionLevelSchema,
    planId: z.optional(z.string()),
    /** ISO timestamp of the end of the paid period. */
    currentPeriodEnd: z.optional(z.string()),
    /** False once cancelled: access stays until `currentPeriodEnd` (spec §4 "Cancellation"). */
    autoRenew: z.optional(z.boolean()),
    /** True when a renewal charge failed: access stays until `currentPeriodEnd`, then it ends. */
    renewalFailed: z.optional(z.boolean()),
  }),
)
export type Subscription = z.infer<typeof SubscriptionSchema>

/**
 * A payment taken for an order (a plan's purchase or renewal). Amounts are US cents. `status` is
 * 'paid' or 'refunded'; core `isFirstPurchase` reads it.
 */
export const PaymentSchema = builtOnUse(() =>
  z.object({
    id: IdSchema,
    userId: z.string().check(z.minLength(1)),
    status: z.string().check(z.minLength(1)),
    /** 'first-purchase', 'purchase' or 'renewal'. */
    kind: z.string().check(z.minLength(1)),
    planId: z.optional(z.string()),
    subscriptionId: z.optional(IdSchema),
    amount: count(0),
    currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
    /** ISO timestamps. */
    paidAt: z.string(),
    refundedAt: z.optional(z.string()),
  }),
)
export type Payment = z.infer<typeof PaymentSchema>

export const PlanIdSchema = z.enum(['1week', '4weeks', '12weeks', '24weeks'])

const money = () => z.number().check(z.positive())

export const PlanSchema = builtOnUse(() =>
  z.object({
    id: PlanIdSchema,
    level: SubscriptionLevelSchema,
    weeks: count(1),
    duration: z.string(),
    badge: z.string(),
    description: z.string(),
    price: money(),
    renewalPrice: money(),
    pricePerWeek: money(),
    period: z.string(),
    amount: count(1),
    renewalAmount: count(1),
    includesUncensored: z.boolean(),
  }),
)

/** One currency a payment method accepts, keyed by its ISO code in `orderCurrency`. */
export const OrderCurrencySchema = builtOnUse(() =>
  z.looseObject({
    minAmount: z.optional(z.number()),
    maxAmount: z.optional(z.number()),
  }),
)

export const PaymentMethodSchema = builtOnUse(() =>
  z.object({
    title: z.string().check(z.minLength(1)),
    /** 'deposit' methods are the ones a reader can pay with (spec §7). */
    type: z.string().check(z.minLength(1)),
    paymentSystem: z.string().check(z.minLength(1)),
    orderCurrency: z.record(z.string().check(z.regex(/^[A-Z]{3}$/)), OrderCurrencySchema),
  }),
)
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>

/**
 * The payment page the browser is sent to. Only http(s): a `javascript:` or `data:` url from a broken
 * or hostile answer would run script on the site when the kit redirects to it.
 */
export const CheckoutResponseSchema = builtOnUse(() => z.object({ url: z.url({ protocol: /^https?$/ }) }))
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>

/** A checkout started by the reader, paid or not. */
export const CheckoutRecordSchema = builtOnUse(() =>
  z.object({
    id: IdSchema,
    planId: z.string(),
    level: z.int(),
    status: z.string(),
    /** ISO timestamp. */
    createdAt: z.string(),
  }),
)
export type CheckoutRecord = z.infer<typeof CheckoutRecordSchema>

export const CoinPackIdSchema = z.enum(['coins-50', 'coins-100', 'coins-300', 'coins-500'])

/** A coin pack (core `COIN_PACKS`): prices in US dollars, `amount` in US cents. */
export const CoinPackSchema = builtOnUse(() =>
  z.object({
    id: CoinPackIdSchema,
    coins: count(1),
    bonusCoins: count(0),
    totalCoins: count(1),
    price: money(),
    amount: count(1),
  }),
)
export type CoinPackEntity = z.infer<typeof CoinPackSchema>

/** A reader's coin balance: the sum of their coin ledger, never below 0. */
export const CoinBalanceSchema = builtOnUse(() =>
  z.object({
    userId: z.string().check(z.minLength(1)),
    balance: count(0),
    /** Coins one episode costs (core `EPISODE_COIN_PRICE`). */
    episodePrice: count(1),
  }),
)
export type CoinBalance = z.infer<typeof CoinBalanceSchema>

/**
 * One entry of a reader's coin ledger (append-only): `coins` is positive for a credit (a pack bought, a
 * support credit), negative for a debit (an episode unlocked). `balanceAfter` is the balance it left.
 */
export const CoinLedgerEntrySchema = builtOnUse(() =>
  z.object({
    id: IdSchema,
    userId: z.string().check(z.minLength(1)),
    /**
     * 'purchase' (a pack paid through the provider), 'unlock' (an episode), 'credit' (support, with a
     * reason), 'reversal' (negative: what was left of a pack whose payment was refunded or disputed).
     */
    kind: z.enum(['purchase', 'unlock', 'credit', 'reversal']),
    coins: z.int(),
    balanceAfter: count(0),
    packId: z.optional(CoinPackIdSchema),
    chapterId: z.optional(IdSchema),
    comicsId: z.optional(IdSchema),
    reason: z.optional(z.string()),
    /** ISO timestamp. */
    createdAt: z.string(),
  }),
)
export type CoinLedgerEntry = z.infer<typeof CoinLedgerEntrySchema>

/** An episode a reader unlocked with coins: open to them for good (censored or legal edition). */
export const CoinUnlockSchema = builtOnUse(() =>
  z.object({
    chapterId: IdSchema,
    comicsId: IdSchema,
    userId: z.string().check(z.minLength(1)),
    coins: count(0),
    /** ISO timestamp. */
    unlockedAt: z.string(),
    /** How it was unlocked: with coins, or free after a wait (0 coins). Absent from servers before waiting. */
    via: z.optional(z.enum(['coins', 'wait'])),
  }),
)
export type CoinUnlock = z.infer<typeof CoinUnlockSchema>

/**
 * An admin's refund of a coin pack (POST /admin/coins/purchases/{id}/refund): the money went back through
 * the provider; `coinsTakenBack` of the pack's coins were taken back (what was left of them, at most the
 * reader's balance: coins spent stay spent), leaving `balance`.
 */
export const CoinPackRefundSchema = builtOnUse(() =>
  z.object({
    purchaseId: IdSchema,
    userId: z.string().check(z.minLength(1)),
    coinsTakenBack: count(0),
    balance: count(0),
  }),
)
export type CoinPackRefund = z.infer<typeof CoinPackRefundSchema>

/**
 * A reader's position in one comic as the account keeps it (GET and POST /me/progress): the fields of the
 * browser's `comicsReadingHistory` entries, `updatedAt` in milliseconds since the epoch. Merged per comic
 * by the latest change (core `mergeReadingProgress`).
 */
export const ReadingProgressEntrySchema = builtOnUse(() =>
  z.object({
    comicId: IdSchema,
    chapterId: IdSchema,
    chapterTitle: z.string().check(z.maxLength(200)),
    page: z.optional(z.int().check(z.minimum(0), z.maximum(100_000))),
    offset: z.optional(z.int().check(z.minimum(0), z.maximum(10_000_000))),
    updatedAt: z.int().check(z.minimum(0), z.maximum(8_640_000_000_000_000)),
  }),
)
export type ReadingProgressEntry = z.infer<typeof ReadingProgressEntrySchema>

/**
 * A comic the reader follows (GET /me/follows): when they followed it, when they last read it (the
 * account's reading position; null if never), and the episodes published since the later of the two
 * (core `newEpisodesSince`, `newEpisodes`), which the list marks NEW.
 */
export const FollowSchema = builtOnUse(() =>
  z.object({
    comicId: IdSchema,
    title: z.string(),
    bannerImageUrl: z.string(),
    /** Milliseconds since the epoch. */
    followedAt: count(0),
    /** Milliseconds since the epoch, or null when the account holds no position in the comic. */
    lastReadAt: z.nullable(count(0)),
    newEpisodes: count(0),
    newChapterIds: z.array(IdSchema),
  }),
)
export type Follow = z.infer<typeof FollowSchema>

/**
 * Everything the service holds about the caller (GET /me/export), as a JSON download: the profile the
 * sign-in token carries, then every row of theirs, their synced reading progress and followed comics
 * included.
 */
export const AccountExportSchema = builtOnUse(() =>
  z.object({
    /** ISO timestamp of the export. */
    exportedAt: z.string(),
    profile: z.object({ uid: z.string().check(z.minLength(1)), email: z.nullable(z.string()) }),
    /** ISO timestamp of the first payment ever (core `isFirstPurchase` reads the payments); null if none. */
    firstPaidAt: z.nullable(z.string()),
    subscriptions: z.array(SubscriptionSchema),
    payments: z.array(PaymentSchema),
    checkouts: z.array(CheckoutRecordSchema),
    /** The coin ledger and unlocks; absent from servers before coins. */
    coinHistory: z.optional(z.array(CoinLedgerEntrySchema)),
    coinUnlocks: z.optional(z.array(CoinUnlockSchema)),
    /** The reading positions and followed comics kept for the reader; absent from servers before sync. */
    readingProgress: z.optional(z.array(ReadingProgressEntrySchema)),
    follows: z.optional(z.array(z.object({ comicId: IdSchema, followedAt: z.string() }))),
    /** The reader's settings, null if never saved; absent from servers before reader settings. */
    readerSettings: z.optional(z.nullable(ReaderSettingsSchema)),
    /** The reader's comments (deleted ones left out), with where they are; absent from servers before comments. */
    comments: z.optional(
      z.array(z.object({ id: IdSchema, chapterId: IdSchema, parentId: z.nullable(IdSchema), text: z.string(), spoiler: z.boolean(), status: z.string(), createdAt: z.string() })),
    ),
    /** The episodes and comments the reader liked. */
    likes: z.optional(z.object({ episodes: z.array(IdSchema), comments: z.array(IdSchema) })),
    /** The comments the reader reported, and until when they may not comment (null if not suspended). */
    commentReports: z.optional(z.array(z.object({ commentId: IdSchema, reason: z.string(), note: z.string(), createdAt: z.string() }))),
    commentingSuspendedUntil: z.optional(z.nullable(z.string())),
    /** The reader's customer record at each payment provider (its id there); absent from servers before providers kept one. */
    paymentCustomers: z.optional(z.array(z.object({ provider: z.string(), customerId: z.string(), createdAt: z.string() }))),
    /** When the reader last opened an episode free after a wait, per comic; absent from servers before it. */
    waitForFreeUnlocks: z.optional(z.array(z.object({ comicId: IdSchema, lastUnlockAt: z.string() }))),
  }),
)
export type AccountExport = z.infer<typeof AccountExportSchema>

/**
 * What erasing an account did (DELETE /me): the subscriptions that were still running and are ended, and
 * how many payment records are kept, detached from the person (the law requires keeping them).
 */
export const AccountDeletionSchema = builtOnUse(() =>
  z.object({
    deleted: z.literal(true),
    /** Subscriptions that were active and are ended with the account (auto-renewal off, no access). */
    cancelledSubscriptions: count(0),
    /** Payment records kept under an anonymous reference instead of the reader's id. */
    keptPayments: count(0),
  }),
)
export type AccountDeletion = z.infer<typeof AccountDeletionSchema>

/** What an admin write did, as the audit log names it. */
export const AuditActionSchema = z.enum(['create', 'edit', 'delete', 'upload', 'reorder', 'publish', 'schedule', 'unpublish', 'credit', 'refund', 'hide', 'restore', 'pin', 'unpin', 'suspend'])
export type AuditAction = z.infer<typeof AuditActionSchema>

/** What an admin write changed: a comic, an episode, an episode's pages, a genre, a reader's coins, a payment, a comment. */
export const AuditTargetTypeSchema = z.enum(['comic', 'chapter', 'pages', 'genre', 'coins', 'payment', 'comment'])
export type AuditTargetType = z.infer<typeof AuditTargetTypeSchema>

/**
 * One entry of the audit log (GET by POST /admin/audit/list, admin only): who (`actorUid`, and
 * `actorEmail` when their token carried one) did what (`action`) to what (`targetType`, `targetId`, the
 * comic it belongs to; and, while they exist, their names: `comicTitle`, `targetName`, `episodeNumber`) and when. `detail` is a small object of what changed (field names, a publish time,
 * a page count).
 */
export const AuditEntrySchema = builtOnUse(() =>
  z.object({
    id: IdSchema,
    actorUid: z.string().check(z.minLength(1)),
    actorEmail: z.optional(z.string()),
    action: AuditActionSchema,
    targetType: AuditTargetTypeSchema,
    targetId: z.string().check(z.minLength(1)),
    comicsId: z.optional(IdSchema),
    /** The title of the comic it belongs to, while that comic exists. */
    comicTitle: z.optional(z.string()),
    /** What the target is called now, while it exists: a comic's or an episode's title, a genre's name. */
    targetName: z.optional(z.string()),
    /** The number of the episode an episode's or its pages' entry is about, while it exists. */
    episodeNumber: z.optional(count(1)),
    detail: z.record(z.string(), z.unknown()),
    /** ISO timestamp. */
    createdAt: z.string(),
  }),
)
export type AuditEntry = z.infer<typeof AuditEntrySchema>

/**
 * How a reader shows an episode's pages (GET and PUT /me/reader-settings): page width, gap between pages,
 * background, auto-scroll's speed and continuous reading (core `READER_SETTING_CHOICES`), and when they were
 * last changed (ISO timestamp with its offset): the latest change wins between devices (core
 * `latestReaderSettings`). A service from before auto-scroll or continuous reading sends no speed or flow:
 * read as the defaults.
 */
export const ReaderSettingsSchema = builtOnUse(() =>
  z.object({
    pageWidth: z.enum(READER_PAGE_WIDTHS),
    pageGap: z.enum(READER_PAGE_GAPS),
    background: z.enum(READER_BACKGROUNDS),
    scrollSpeed: z._default(z.enum(READER_SCROLL_SPEEDS), DEFAULT_READER_SETTINGS.scrollSpeed),
    flow: z._default(z.enum(READER_FLOWS), DEFAULT_READER_SETTINGS.flow),
    updatedAt: PublishAtSchema,
  }),
)
export type ReaderSettingsEntity = z.infer<typeof ReaderSettingsSchema>

/**
 * GET /comics/:comicId/wait-for-free: a comic's free-after-a-wait setting (core `WaitForFreeSetting`;
 * `waitHours` 0 is off) and, for a signed-in caller, when their timer is ready (`readyAt`, ISO; at or before
 * `now` when ready). `now` is the server's clock, from which the kit counts down, never the device's.
 */
export const WaitForFreeStatusSchema = builtOnUse(() =>
  z.object({
    comicId: IdSchema,
    waitHours: count(0),
    newestExcluded: count(0),
    readyAt: z.optional(z.string()),
    now: z.string(),
  }),
)
export type WaitForFreeStatus = z.infer<typeof WaitForFreeStatusSchema>
