import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

export const genres = pgTable('genres', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  mature: boolean('mature').notNull().default(false),
})

/**
 * Stored files are content-addressed: `name` is the SHA-256 of the bytes plus an extension chosen from
 * the sniffed type, so identical uploads share one file on disk and a client's file name never reaches
 * the file system.
 */
export const files = pgTable('files', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const comics = pgTable(
  'comics',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    coverFile: text('cover_file').references(() => files.name),
    bannerFile: text('banner_file').references(() => files.name),
    contentRating: text('content_rating', { enum: ['AO', 'T', 'M'] }).notNull(),
    displayOnMirror: boolean('display_on_mirror').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('comics_rating_created_idx').on(table.contentRating, table.createdAt),
  ],
)

export const comicGenres = pgTable(
  'comic_genres',
  {
    comicId: integer('comic_id').notNull().references(() => comics.id, { onDelete: 'cascade' }),
    genreId: integer('genre_id').notNull().references(() => genres.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.comicId, table.genreId] }),
    index('comic_genres_genre_idx').on(table.genreId),
  ],
)

export const chapters = pgTable(
  'chapters',
  {
    id: serial('id').primaryKey(),
    comicId: integer('comic_id').notNull().references(() => comics.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    chapterNumber: integer('chapter_number').notNull(),
    isFree: boolean('is_free').notNull().default(false),
    previewFile: text('preview_file').references(() => files.name),
    /**
     * From when readers see the episode; null for a draft (core `publicationStatus`). Chapters that
     * existed before scheduled releases were published by the migration's default.
     */
    publishAt: timestamp('publish_at', { withTimezone: true }).defaultNow(),
  },
  (table) => [
    uniqueIndex('chapters_comic_number_idx').on(table.comicId, table.chapterNumber),
    index('chapters_publish_at_idx').on(table.publishAt),
  ],
)

export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    comicId: integer('comic_id').notNull().references(() => comics.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id').notNull().references(() => chapters.id, { onDelete: 'cascade' }),
    variant: text('variant', { enum: ['censored', 'uncensored', 'legal'] }).notNull(),
    position: integer('position').notNull(),
    file: text('file').notNull().references(() => files.name),
  },
  (table) => [uniqueIndex('assets_chapter_variant_position_idx').on(table.chapterId, table.variant, table.position)],
)

/** A sandbox checkout: what the payment page shows and what paying it activates. */
export const checkouts = pgTable(
  'checkouts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    planId: text('plan_id').notNull(),
    level: integer('level').notNull(),
    urlSuccess: text('url_success').notNull(),
    status: text('status', { enum: ['open', 'paid', 'cancelled'] }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('checkouts_user_idx').on(table.userId)],
)

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').notNull(),
    planId: text('plan_id').notNull(),
    level: integer('level').notNull(),
    /** 'active' grants access; 'replaced' (by a higher plan), 'expired' do not. */
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    /** Set when a cancellation came with under 24 hours' notice: the next renewal still happens (spec §9). */
    renewsOnce: boolean('renews_once').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** One subscription per checkout, however many times or however concurrently it is paid. */
    checkoutId: text('checkout_id').unique().references(() => checkouts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('subscriptions_user_idx').on(table.userId, table.status)],
)

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').notNull(),
    subscriptionId: integer('subscription_id').notNull().references(() => subscriptions.id),
    checkoutId: text('checkout_id').unique().references(() => checkouts.id),
    planId: text('plan_id').notNull(),
    kind: text('kind', { enum: ['first-purchase', 'purchase', 'renewal'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    paymentSystem: text('payment_system'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('payments_user_idx').on(table.userId)],
)

/**
 * One row per user who ever paid. Inserting it decides the first-purchase price exactly once per user,
 * even when two checkouts are paid at the same moment (spec §9: the discount applies once).
 */
export const payingCustomers = pgTable('paying_customers', {
  userId: text('user_id').primaryKey(),
  firstPaidAt: timestamp('first_paid_at', { withTimezone: true }).notNull().default(sql`now()`),
})
