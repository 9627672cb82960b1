import { z } from 'zod'
import { ContentRatingSchema, IdSchema } from './entities'

/**
 * Admin payloads travel as multipart forms (spec §7): booleans as '1' or '0', lists as JSON strings.
 * These schemas parse the text fields of such a form; the encoders build them on the client.
 */
export const MultipartBooleanSchema = z.enum(['1', '0']).transform((value) => value === '1')

/** Encodes a boolean as a multipart field. */
export function encodeMultipartBoolean(value: boolean): '1' | '0' {
  return value ? '1' : '0'
}

/** A multipart field holding a JSON list, parsed then validated item by item. */
export function multipartJsonList<T extends z.ZodType>(item: T, max = 500) {
  return z
    .string()
    .max(100_000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Expected a JSON list' })
        return z.NEVER
      }
    })
    .pipe(z.array(item).max(max))
}

const text = (max: number) => z.string().trim().min(1).max(max)

/** POST /comics: text fields; files `cover` and `banner`. */
export const CreateComicFieldsSchema = z.strictObject({
  title: text(200),
  description: z.string().max(5000).default(''),
  contentRating: ContentRatingSchema,
  genres: multipartJsonList(IdSchema, 50).default([] as never),
  displayOnMirror: MultipartBooleanSchema.default('0' as never),
})
export type CreateComicFields = z.output<typeof CreateComicFieldsSchema>
export const CREATE_COMIC_FILES = ['cover', 'banner'] as const

/** PATCH /comics/{id}: every text field optional; files `coverImage` and `bannerImage`. */
export const UpdateComicFieldsSchema = z.strictObject({
  title: text(200).optional(),
  description: z.string().max(5000).optional(),
  contentRating: ContentRatingSchema.optional(),
  genres: multipartJsonList(IdSchema, 50).optional(),
  displayOnMirror: MultipartBooleanSchema.optional(),
})
export type UpdateComicFields = z.output<typeof UpdateComicFieldsSchema>
export const UPDATE_COMIC_FILES = ['coverImage', 'bannerImage'] as const

export const NewChapterSchema = z.strictObject({
  title: text(200),
  chapterNumber: z.number().int().min(1).max(100_000),
  isFree: z.boolean(),
})
export type NewChapter = z.infer<typeof NewChapterSchema>

/**
 * POST /chapters: `comicsId`, `chapters` (JSON list of title, chapterNumber, isFree) and `files`,
 * the preview images of the chapters in the same order (one per chapter, optional).
 */
export const CreateChaptersFieldsSchema = z.strictObject({
  comicsId: IdSchema,
  chapters: multipartJsonList(NewChapterSchema, 500).refine((list) => list.length > 0, {
    message: 'At least one chapter is required',
  }),
})
export type CreateChaptersFields = z.output<typeof CreateChaptersFieldsSchema>

/** PATCH /chapters/{chapterId}: `files` (a new preview image), `title`, `isFree` as 1 or 0. */
export const UpdateChapterFieldsSchema = z.strictObject({
  title: text(200).optional(),
  isFree: MultipartBooleanSchema.optional(),
})
export type UpdateChapterFields = z.output<typeof UpdateChapterFieldsSchema>

/**
 * POST /comics/{comicId}/assets/{variant}: `chapterId` and `files`, the page images in reading order.
 * Uploading replaces the pages of that chapter and variant.
 */
export const UploadAssetsFieldsSchema = z.strictObject({
  chapterId: IdSchema,
})
export type UploadAssetsFields = z.output<typeof UploadAssetsFieldsSchema>

/** Image types accepted for every upload; SVG is refused (it can carry script). */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const
/** Largest single uploaded file. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
