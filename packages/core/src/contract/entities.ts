import { z } from 'zod'

/** Identifiers travel as strings on the wire (spec §7 examples use `comicsId: ['7']`). */
export const IdSchema = z.string().min(1).max(64)

/** Content ratings: the adult host shows AO, the other hosts T and M (spec §3). */
export const ContentRatingSchema = z.enum(['AO', 'T', 'M'])
export type ContentRating = z.infer<typeof ContentRatingSchema>

/** The three editions of an episode's page images (spec §6 "Asset variant"). */
export const AssetVariantSchema = z.enum(['censored', 'uncensored', 'legal'])
export type AssetVariant = z.infer<typeof AssetVariantSchema>

export const GenreSchema = z.object({
  id: IdSchema,
  name: z.string().min(1).max(80),
  mature: z.boolean(),
})
export type Genre = z.infer<typeof GenreSchema>

/** A genre as embedded in a comic: id and name, the mature flag when the server knows it. */
export const ComicGenreSchema = z.object({
  id: IdSchema,
  name: z.string().min(1).max(80),
  mature: z.boolean().optional(),
})
export type ComicGenre = z.infer<typeof ComicGenreSchema>

export const ComicSchema = z.object({
  id: IdSchema,
  title: z.string().min(1),
  description: z.string(),
  coverImageUrl: z.string(),
  /** May be empty (spec §3). */
  bannerImageUrl: z.string(),
  contentRating: ContentRatingSchema,
  genres: z.array(ComicGenreSchema),
  displayOnMirror: z.boolean(),
  /** ISO timestamp; home sorts by it (spec §7 "created_at descending"). */
  createdAt: z.string().optional(),
})
export type Comic = z.infer<typeof ComicSchema>

/** What a comic card needs (spec §3). */
export type ComicCardData = Pick<Comic, 'id' | 'title' | 'bannerImageUrl'>

export const ChapterSchema = z.object({
  id: IdSchema,
  comicsId: IdSchema,
  title: z.string().min(1),
  chapterNumber: z.number().int().min(1),
  isFree: z.boolean(),
  previewImageUrl: z.string(),
})
export type Chapter = z.infer<typeof ChapterSchema>

/** A page image. `width` and `height` (pixels) let the reader reserve space before it loads. */
export const AssetSchema = z.object({
  id: IdSchema,
  url: z.string().min(1),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  comicsId: IdSchema.optional(),
  chapterId: IdSchema.optional(),
  variant: AssetVariantSchema.optional(),
  /** Order of the page in its episode, from 1. */
  position: z.number().int().min(1).optional(),
})
export type Asset = z.infer<typeof AssetSchema>

export const SubscriptionLevelSchema = z.number().int().min(1).max(4)

export const SubscriptionSchema = z.object({
  id: IdSchema,
  userId: z.string().min(1),
  /** 'active' is the status that grants access (spec §3); others pass through as they come. */
  status: z.string().min(1),
  level: SubscriptionLevelSchema,
  planId: z.string().optional(),
  /** ISO timestamp of the end of the paid period. */
  currentPeriodEnd: z.string().optional(),
  /** False once cancelled: access stays until `currentPeriodEnd` (spec §4 "Cancellation"). */
  autoRenew: z.boolean().optional(),
})
export type Subscription = z.infer<typeof SubscriptionSchema>

export const PlanIdSchema = z.enum(['1week', '4weeks', '12weeks', '24weeks'])

export const PlanSchema = z.object({
  id: PlanIdSchema,
  level: SubscriptionLevelSchema,
  weeks: z.number().int().positive(),
  duration: z.string(),
  badge: z.string(),
  description: z.string(),
  price: z.number().positive(),
  renewalPrice: z.number().positive(),
  pricePerWeek: z.number().positive(),
  period: z.string(),
  amount: z.number().int().positive(),
  renewalAmount: z.number().int().positive(),
  includesUncensored: z.boolean(),
})

/** One currency a payment method accepts, keyed by its ISO code in `orderCurrency`. */
export const OrderCurrencySchema = z.looseObject({
  minAmount: z.number().optional(),
  maxAmount: z.number().optional(),
})

export const PaymentMethodSchema = z.object({
  title: z.string().min(1),
  /** 'deposit' methods are the ones a reader can pay with (spec §7). */
  type: z.string().min(1),
  paymentSystem: z.string().min(1),
  orderCurrency: z.record(z.string().regex(/^[A-Z]{3}$/), OrderCurrencySchema),
})
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>

export const CheckoutResponseSchema = z.object({ url: z.string().url() })
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>
