import { z } from 'zod'
import { listRequest } from './envelope'
import {
  AssetVariantSchema,
  ContentRatingSchema,
  IdSchema,
  PlanIdSchema,
  SubscriptionLevelSchema,
} from './entities'

const idList = z.array(IdSchema).max(200)

/** POST /comics/list. `contentRating` is forced to the host's ratings by the client and the server. */
export const ComicsListRequestSchema = listRequest(
  {
    genres: idList.optional(),
    id: idList.optional(),
    contentRating: z.array(ContentRatingSchema).max(3).optional(),
  },
  ['created_at', 'title'] as const,
)
export type ComicsListRequest = z.input<typeof ComicsListRequestSchema>

/** POST /chapters/list. */
export const ChaptersListRequestSchema = listRequest(
  {
    comicsId: idList.optional(),
    assetVariant: z.array(AssetVariantSchema).max(3).optional(),
  },
  ['chapterNumber'] as const,
)
export type ChaptersListRequest = z.input<typeof ChaptersListRequestSchema>

/** POST /comics-assets/list. */
export const AssetsListRequestSchema = listRequest(
  {
    comicsId: idList.optional(),
    chapterId: idList.optional(),
    variant: z.array(AssetVariantSchema).max(3).optional(),
  },
  ['position'] as const,
)
export type AssetsListRequest = z.input<typeof AssetsListRequestSchema>

/** POST /genres/list. */
export const GenresListRequestSchema = listRequest(
  {
    id: idList.optional(),
    mature: z.boolean().optional(),
  },
  ['name'] as const,
)
export type GenresListRequest = z.input<typeof GenresListRequestSchema>

/** POST /subscriptions/list. The server answers only the caller's own subscriptions. */
export const SubscriptionsListRequestSchema = listRequest(
  { userId: z.array(z.string().min(1).max(128)).max(200).optional() },
  ['created_at'] as const,
)
export type SubscriptionsListRequest = z.input<typeof SubscriptionsListRequestSchema>

/** DELETE /comics. */
export const DeleteComicsBodySchema = z.strictObject({ ids: z.array(IdSchema).min(1).max(200) })
export type DeleteComicsBody = z.infer<typeof DeleteComicsBodySchema>

/** PATCH /genres/{id}. */
export const UpdateGenreBodySchema = z.strictObject({
  mature: z.boolean(),
  name: z.string().trim().min(1).max(80).optional(),
})
export type UpdateGenreBody = z.infer<typeof UpdateGenreBodySchema>

/** POST /genres (an admin call beyond spec §7, needed to manage the genre list). */
export const CreateGenreBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  mature: z.boolean(),
})
export type CreateGenreBody = z.infer<typeof CreateGenreBodySchema>

/**
 * The checkout call (method and path are ours: POST /subscriptions/checkout).
 * `title` is the plan id; `urlSuccess` is the account page of the current origin (spec §7).
 */
export const CheckoutRequestSchema = z.strictObject({
  level: SubscriptionLevelSchema,
  title: PlanIdSchema,
  urlSuccess: z.string().url().max(2048),
})
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>

/**
 * POST /subscriptions: records the payment of a checkout (the sandbox payment page calls it when the
 * reader pays). Paying the same checkout twice yields the same subscription.
 */
export const CreatePaymentBodySchema = z.strictObject({
  checkoutId: z.string().min(1).max(128),
  paymentSystem: z.string().min(1).max(64).optional(),
})
export type CreatePaymentBody = z.infer<typeof CreatePaymentBodySchema>
