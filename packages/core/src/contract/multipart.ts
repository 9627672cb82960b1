import * as z from 'zod/mini'
import { ContentRatingSchema, IdSchema, isPublishTime, PublishAtSchema } from './entities'
import { builtOnUse, type Schema } from './envelope'

// The encoders and the upload limits, without zod: the client uses them before its contract is loaded.
export * from './multipartWire'

/**
 * Admin payloads travel as multipart forms (spec §7): booleans as '1' or '0', lists as JSON strings.
 * These schemas parse the text fields of such a form; the encoders build them on the client.
 */
export const MultipartBooleanSchema = builtOnUse(() =>
  z.pipe(
    z.enum(['1', '0']),
    z.transform((value: '1' | '0') => value === '1'),
  ),
)


/** A multipart field holding a JSON list, parsed then validated item by item. */
export function multipartJsonList<T extends Schema>(item: T, max = 500) {
  return z.pipe(
    z.pipe(
      z.string().check(z.maxLength(100_000)),
      z.transform((text: string, ctx) => {
        try {
          return JSON.parse(text) as unknown
        } catch {
          ctx.issues.push({ code: 'custom', message: 'Expected a JSON list', input: text })
          return z.NEVER
        }
      }),
    ),
    z.array(item).check(z.maxLength(max)),
  )
}

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max))
const description = () => z.string().check(z.maxLength(5000))

/** POST /comics: text fields; files `cover` and `banner`. */
export const CreateComicFieldsSchema = builtOnUse(() =>
  z.strictObject({
    title: text(200),
    description: z._default(description(), ''),
    contentRating: ContentRatingSchema,
    genres: z._default(multipartJsonList(IdSchema, 50), [] as never),
    displayOnMirror: z._default(MultipartBooleanSchema, false as never),
  }),
)
export type CreateComicFields = z.output<typeof CreateComicFieldsSchema>
export const CREATE_COMIC_FILES = ['cover', 'banner'] as const

/** PATCH /comics/{id}: every text field optional; files `coverImage` and `bannerImage`. */
export const UpdateComicFieldsSchema = builtOnUse(() =>
  z.strictObject({
    title: z.optional(text(200)),
    description: z.optional(description()),
    contentRating: z.optional(ContentRatingSchema),
    genres: z.optional(multipartJsonList(IdSchema, 50)),
    displayOnMirror: z.optional(MultipartBooleanSchema),
  }),
)
export type UpdateComicFields = z.output<typeof UpdateComicFieldsSchema>
export const UPDATE_COMIC_FILES = ['coverImage', 'bannerImage'] as const

export const NewChapterSchema = builtOnUse(() =>
  z.strictObject({
    title: text(200),
    chapterNumber: z.int().check(z.minimum(1), z.maximum(100_000)),
    isFree: z.boolean(),
    /** When readers see it: `null` keeps it a draft; absent publishes it at once. */
    publishAt: z.optional(z.nullable(PublishAtSchema)),
  }),
)
export type NewChapter = z.infer<typeof NewChapterSchema>

/**
 * POST /chapters: `comicsId`, `chapters` (JSON list of title, chapterNumber, isFree) and `files`,
 * the preview images of the chapters in the same order (one per chapter, optional).
 */
export const CreateChaptersFieldsSchema = builtOnUse(() =>
  z.strictObject({
    comicsId: IdSchema,
    chapters: multipartJsonList(NewChapterSchema, 500).check(
      z.refine((list: unknown[]) => list.length > 0, { message: 'At least one chapter is required' }),
    ),
  }),
)
export type CreateChaptersFields = z.output<typeof CreateChaptersFieldsSchema>

/**
 * A publish time as a multipart field: an ISO timestamp, or the empty string for none (a draft).
 * @example MultipartPublishAtSchema.parse('') // null
 */
export const MultipartPublishAtSchema = builtOnUse(() =>
  z.pipe(
    z.string().check(z.refine((value: string) => value === '' || isPublishTime(value), { message: 'Expected an ISO date and time, or nothing for a draft' })),
    z.transform((value: string) => (value === '' ? null : value)),
  ),
)


/**
 * PATCH /chapters/{chapterId}: `files` (a new preview image), `title`, `isFree` as 1 or 0, `publishAt`
 * (an ISO timestamp, or empty to make it a draft).
 */
export const UpdateChapterFieldsSchema = builtOnUse(() =>
  z.strictObject({
    title: z.optional(text(200)),
    isFree: z.optional(MultipartBooleanSchema),
    publishAt: z.optional(MultipartPublishAtSchema),
  }),
)
export type UpdateChapterFields = z.output<typeof UpdateChapterFieldsSchema>

/**
 * POST /comics/{comicId}/assets/{variant}: `chapterId` and `files`, the page images in reading order.
 * Uploading replaces the pages of that chapter and variant.
 */
export const UploadAssetsFieldsSchema = builtOnUse(() =>
  z.strictObject({
    chapterId: IdSchema,
  }),
)
export type UploadAssetsFields = z.output<typeof UploadAssetsFieldsSchema>

/** POST /comics/{comicId}/chapters/{chapterId}/pages/{variant}: one page image, no text field. */
export const UploadPageFieldsSchema = builtOnUse(() => z.strictObject({}))
export type UploadPageFields = z.output<typeof UploadPageFieldsSchema>

