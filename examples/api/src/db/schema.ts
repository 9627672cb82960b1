import { sql } from 'drizzle-orm'
import {
  bigint,
  customType,
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/** PostgreSQL's full-text document type (drizzle has no column type of its own for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

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
    // Comic search (POST /comics/search), kept by the database from the title and description folded by
    // search_fold (migration 0007: accents removed, lower case): the title, to rank by, and the words of
    // both, to find by; the title's words, to rank the comics whose title has a word typed first.
    searchTitle: text('search_title').generatedAlwaysAs(sql`search_fold("title")`),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', search_fold("title" || ' ' || "description"))`),
    searchTitleVector: tsvector('search_title_vector').generatedAlwaysAs(sql`to_tsvector('simple', search_fold("title"))`),
  },
  (table) => [
    index('comics_rating_created_idx').on(table.contentRating, table.createdAt),
    // No pending list (fastupdate off): PGlite runs no autovacuum to merge one, and every search would read it whole.
    index('comics_search_vector_idx').using('gin', table.searchVector).with({ fastupdate: false }),
  ],
)

/**
 * Every word of every comic's title and description as search folds them, kept by a trigger on comics
 * (migration 0007), never pruned: a search finds the words like each word typed (pg_trgm similarity,
 * typos and all, or the word begun) here, a table far smaller than the comics, then the comics with them.
 */
export const searchWords = pgTable(
  'search_words',
  { word: text('word').primaryKey() },
  (table) => [index('search_words_trgm_idx').using('gist', table.word.op('gist_trgm_ops'))],
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
    /** What the page shows, in words (its alt text), written in the studio; null: none (the reader says "Page n of m"). */
    alt: text('alt'),
  },
  (table) => [uniqueIndex('assets_chapter_variant_position_idx').on(table.chapterId, table.variant, table.position)],
)

/**
 * An episode's transcript (contract `Transcript`): its entries in reading order, as the studio wrote them
 * (checked by the contract on the way in). An episode without one has no row.
 */
export const episodeTranscripts = pgTable('episode_transcripts', {
  chapterId: integer('chapter_id').primaryKey().references(() => chapters.id, { onDelete: 'cascade' }),
  entries: jsonb('entries').$type<{ page: number; kind: string; speaker?: string; text: string }[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})

/**
 * An order: what a reader is buying (a plan today; `kind` leaves room for other things, such as coins),
 * at the amount fixed when its checkout opened, and the provider's hosted checkout that takes the money.
 * The id is the order's own (unguessable: it travels in urlSuccess); access is granted only once the
 * provider confirmed the payment.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** 'subscription' (planId is a plan, level its level) or 'coins' (planId is a coin pack, level 0). */
    kind: text('kind', { enum: ['subscription', 'coins'] }).notNull().default('subscription'),
    planId: text('plan_id').notNull(),
    level: integer('level').notNull(),
    urlSuccess: text('url_success').notNull(),
    /**
     * 'open' until paid (and granted, or given back when another order of the reader paid at the same
     * moment won: then its payment is refunding or refunded and it has no subscription) or cancelled (the
     * reader went back, or opened another checkout).
     */
    status: text('status', { enum: ['open', 'paid', 'cancelled'] }).notNull().default('open'),
    /** What the provider charges, in cents, fixed at opening (core `isFirstPurchase` then). */
    amountCents: integer('amount_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    firstPurchase: boolean('first_purchase').notNull().default(false),
    provider: text('provider'),
    /** The provider's id of its hosted checkout (a Stripe Checkout Session id, say). */
    providerCheckoutId: text('provider_checkout_id').unique(),
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
    /** 'active' grants access; 'replaced' (by a higher plan), 'expired', 'refunded' do not. */
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    /** Set when a cancellation came with under 24 hours' notice: the next renewal still happens (spec §9). */
    renewsOnce: boolean('renews_once').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The provider's saved payment method that renewals charge. */
    paymentMethodId: text('payment_method_id'),
    /** Set when a renewal charge failed: access stays until the period end, then it ends. */
    renewalFailedAt: timestamp('renewal_failed_at', { withTimezone: true }),
    /** One subscription per checkout, however many times or however concurrently it is paid. */
    checkoutId: text('checkout_id').unique().references(() => checkouts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('subscriptions_user_idx').on(table.userId, table.status)],
)

/** Money a provider took for an order (a checkout) or a renewal; refunded through the provider. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').notNull(),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id),
    checkoutId: text('checkout_id').unique().references(() => checkouts.id),
    planId: text('plan_id').notNull(),
    kind: text('kind', { enum: ['first-purchase', 'purchase', 'renewal'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    paymentSystem: text('payment_system'),
    /**
     * 'paid'; 'refunding' when the API decided to give it back (it lost a race of two orders) and the
     * provider's refund is still to be asked; 'refunded' once the provider refunded it.
     */
    status: text('status', { enum: ['paid', 'refunding', 'refunded'] }).notNull().default('paid'),
    provider: text('provider'),
    /** The provider's id of the payment: one row per provider payment, however often it is reported. */
    providerPaymentId: text('provider_payment_id').unique(),
    /** How much the provider gave back so far; a partial refund leaves the payment (and its access) standing. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [index('payments_user_idx').on(table.userId)],
)

/**
 * A reader's customer at a provider (a Stripe customer id, say): created on the reader's first checkout,
 * asked to be deleted with the account. The provider never sees the reader's uid.
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: text('user_id').notNull(),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.provider] })],
)

/**
 * The renewal job's intent, written before it asks the provider to charge (an outbox): its idempotency
 * key is the charge's, so every charge the provider took ends recorded against its subscription or
 * refunded, even when the subscription changed (refunded, erased) between the charge and its record.
 * 'charging' until settled: 'recorded', 'failed', or 'refunded' (the charge found nothing to pay for).
 */
export const renewalIntents = pgTable(
  'renewal_intents',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    subscriptionId: integer('subscription_id').notNull(),
    /** The subscription's period end it renews (its version: only that period is moved by this charge). */
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    provider: text('provider').notNull(),
    /** The provider's customer and saved method: a replay after a crash asks the same charge again. */
    customerId: text('customer_id').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['charging', 'recorded', 'failed', 'refunded'] }).notNull().default('charging'),
    providerPaymentId: text('provider_payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [index('renewal_intents_status_idx').on(table.status)],
)

/**
 * Every provider event the webhook accepted, by the provider's event id: a duplicate or replayed event
 * finds its row and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The provider's checkout or payment the event is about. */
    objectId: text('object_id').notNull(),
    /** What the event did: 'granted', 'declined', 'refunded', 'renewal-paid', 'renewal-failed', 'no-op'. */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
)

/**
 * The sandbox provider's own records, as a real provider keeps them on its side: its hosted checkouts,
 * the payments it took (saved card for renewals, refunds) and the events it owes the API, with retries.
 */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  id: text('id').primaryKey(),
  /** The merchant's reference: the API's order id. */
  reference: text('reference').notNull(),
  customerId: text('customer_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  /** open (pay or try again), processing (a delayed card), paid, expired. */
  status: text('status', { enum: ['open', 'processing', 'paid', 'expired'] }).notNull().default('open'),
  lastDeclinedAt: timestamp('last_declined_at', { withTimezone: true }),
  /** The card paid with (saved for renewals); set when a payment is made or, for a delayed card, starts. */
  paymentMethodId: text('payment_method_id'),
  settlesAt: timestamp('settles_at', { withTimezone: true }),
  paymentId: text('payment_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})

export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  checkoutId: text('checkout_id'),
  customerId: text('customer_id').notNull(),
  /** The saved card a renewal charges (the card number's last four and its behaviour). */
  paymentMethodId: text('payment_method_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  /** A renewal charge's idempotency key: charging twice with it answers the first charge. */
  idempotencyKey: text('idempotency_key').unique(),
  status: text('status', { enum: ['paid', 'failed', 'refunded'] }).notNull(),
  /** How much of it was given back so far (a partial refund leaves it paid). */
  refundedCents: integer('refunded_cents').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})

export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  last4: text('last4').notNull(),
  /** Whether later charges (renewals) succeed: a card that pays once and then fails exists for testing. */
  renewals: text('renewals', { enum: ['succeed', 'fail'] }).notNull(),
})

export const sandboxOutbox = pgTable(
  'sandbox_outbox',
  {
    eventId: text('event_id').primaryKey(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Set when delivery gave up after the last retry. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [index('sandbox_outbox_due_idx').on(table.deliveredAt, table.nextAttemptAt)],
)

/**
 * A reader's coin balance: one row per reader, the sum of their ledger. Every change locks this row first
 * (SELECT … FOR UPDATE), so a reader's ledger is written one entry at a time, and the CHECK refuses a
 * negative balance whatever the code above it does.
 */
export const coinBalances = pgTable(
  'coin_balances',
  {
    userId: text('user_id').primaryKey(),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('coin_balances_never_negative', sql`${table.balance} >= 0`)],
)

/**
 * The coin ledger, append-only (a trigger refuses UPDATE and DELETE): a credit is positive (a pack bought,
 * once per order: `checkout_id` and `provider_payment_id` are unique; a support credit with its reason and
 * its admin), a debit negative (an episode unlocked). `balance_after` is what it left, never negative.
 */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').notNull(),
    /**
     * 'purchase', 'credit' (support) and 'unlock' as named; 'reversal' takes back what is left of a pack
     * whose payment was refunded or disputed (at most the balance: coins spent stay spent, docs/decisions.md).
     */
    kind: text('kind', { enum: ['purchase', 'unlock', 'credit', 'reversal'] }).notNull(),
    coins: integer('coins').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    packId: text('pack_id'),
    checkoutId: text('checkout_id').unique().references(() => checkouts.id),
    amountCents: integer('amount_cents'),
    currency: text('currency'),
    provider: text('provider'),
    providerPaymentId: text('provider_payment_id').unique(),
    /** The episode an unlock paid for (no foreign key: the history stays if the episode goes). */
    chapterId: integer('chapter_id'),
    comicId: integer('comic_id'),
    reason: text('reason'),
    /** The admin who made a support credit. */
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('coin_ledger_user_idx').on(table.userId, table.id),
    check('coin_ledger_balance_after_never_negative', sql`${table.balanceAfter} >= 0`),
    check('coin_ledger_coins_not_zero', sql`${table.coins} <> 0`),
    check(
      'coin_ledger_sign_of_kind',
      sql`(${table.kind} in ('unlock', 'reversal') and ${table.coins} < 0) or (${table.kind} not in ('unlock', 'reversal') and ${table.coins} > 0)`,
    ),
  ],
)

/** Episodes a reader unlocked with coins: one row per reader and episode, whatever the number of asks. */
export const coinUnlocks = pgTable(
  'coin_unlocks',
  {
    userId: text('user_id').notNull(),
    chapterId: integer('chapter_id').notNull().references(() => chapters.id, { onDelete: 'cascade' }),
    comicId: integer('comic_id').notNull(),
    // None for a free unlock after a wait (migration 0014): it costs nothing and writes no ledger entry.
    ledgerId: integer('ledger_id').unique().references(() => coinLedger.id),
    coins: integer('coins').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull(),
    via: text('via', { enum: ['coins', 'wait'] }).notNull().default('coins'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.chapterId] }),
    index('coin_unlocks_user_comic_idx').on(table.userId, table.comicId),
    check(
      'coin_unlocks_via',
      sql`(${table.via} = 'coins' and ${table.ledgerId} is not null) or (${table.via} = 'wait' and ${table.ledgerId} is null and ${table.coins} = 0)`,
    ),
  ],
)

/** A comic's free-after-a-wait setting (core `WaitForFreeSetting`); no row: off. */
export const comicWaitForFree = pgTable(
  'comic_wait_for_free',
  {
    comicId: integer('comic_id').primaryKey().references(() => comics.id, { onDelete: 'cascade' }),
    waitHours: integer('wait_hours').notNull(),
    newestExcluded: integer('newest_excluded').notNull(),
  },
  (table) => [
    check('comic_wait_for_free_wait_hours', sql`${table.waitHours} >= 0`),
    check('comic_wait_for_free_newest_excluded', sql`${table.newestExcluded} >= 0`),
  ],
)

/**
 * Each reader's free-after-a-wait timer per comic: the time of their last free unlock. One row per reader
 * and comic, moved by one conditional upsert, so two racing unlocks cannot both start it.
 */
export const waitForFreeTimers = pgTable(
  'wait_for_free_timers',
  {
    userId: text('user_id').notNull(),
    comicId: integer('comic_id').notNull().references(() => comics.id, { onDelete: 'cascade' }),
    lastUnlockAt: timestamp('last_unlock_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.comicId] })],
)

/**
 * Rate-limit windows shared by every instance on the database: a client's calls of one route counted in
 * a fixed window that starts with its first call (milliseconds of the database's clock, so instances
 * whose clocks differ agree). Updated in one statement (INSERT … ON CONFLICT … RETURNING).
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    windowStartMs: bigint('window_start_ms', { mode: 'number' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [index('rate_limit_windows_start_idx').on(table.windowStartMs)],
)

/**
 * The audit log: one row per admin write (a comic, an episode, its pages, a genre, a support credit, a
 * refund), written in the transaction of the change, so a refused or failed write leaves none. Append-only
 * at the database (a trigger, migration 0013): only an account's erasure may replace its uid. `comic_id` has no
 * foreign key: the history of a deleted comic stays. `detail` is a small JSON object (what changed).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUid: text('actor_uid').notNull(),
    actorEmail: text('actor_email'),
    action: text('action', { enum: ['create', 'edit', 'delete', 'upload', 'reorder', 'publish', 'schedule', 'unpublish', 'credit', 'refund', 'hide', 'restore', 'pin', 'unpin', 'suspend'] }).notNull(),
    targetType: text('target_type', { enum: ['comic', 'chapter', 'pages', 'genre', 'coins', 'payment', 'comment'] }).notNull(),
    targetId: text('target_id').notNull(),
    comicId: integer('comic_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('audit_log_comic_idx').on(table.comicId, table.id)],
)

/**
 * Durable background jobs (renditions made ahead, the renewal run), shared by every instance on the
 * database: an instance claims due rows with `FOR UPDATE SKIP LOCKED`, so each is taken by one, and holds
 * it for a lease (`locked_until`, renewed while it works); a row whose lease ran out (its instance was
 * killed) is claimed again. `key` names the work, so the same work queued twice is one row. Done one-off
 * jobs are deleted; a recurring one goes back to `queued` with its next `run_at`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull().unique(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status', { enum: ['queued', 'running', 'failed'] }).notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_due_idx').on(table.status, table.runAt),
    check('jobs_status_check', sql`${table.status} in ('queued', 'running', 'failed')`),
  ],
)

/**
 * A signed-in reader's position in a comic (GET and POST /me/progress): one row per reader and comic,
 * replaced only by a later change (core `mergeReadingProgress`). `updated_at_ms` is the reading device's
 * time in milliseconds, capped at the server's, so a device whose clock runs ahead cannot pin an old page.
 */
export const readingProgress = pgTable(
  'reading_progress',
  {
    userId: text('user_id').notNull(),
    comicId: integer('comic_id').notNull().references(() => comics.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id').notNull(),
    chapterTitle: text('chapter_title').notNull(),
    page: integer('page'),
    offset: integer('offset'),
    updatedAtMs: bigint('updated_at_ms', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.comicId] }), index('reading_progress_user_updated_idx').on(table.userId, table.updatedAtMs)],
)

/** The comics a reader follows (GET, POST and DELETE /me/follows). */
export const comicFollows = pgTable(
  'comic_follows',
  {
    userId: text('user_id').notNull(),
    comicId: integer('comic_id').notNull().references(() => comics.id, { onDelete: 'cascade' }),
    followedAt: timestamp('followed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.comicId] })],
)

/**
 * A reader's settings (page width, gap between pages, background), one row per reader, kept across their
 * devices: a save older than the row's `updated_at` leaves it as it is (the latest change wins).
 */
export const readerSettings = pgTable(
  'reader_settings',
  {
    userId: text('user_id').primaryKey(),
    pageWidth: text('page_width', { enum: ['column', 'fit'] }).notNull(),
    pageGap: text('page_gap', { enum: ['none', 'small', 'medium', 'large'] }).notNull(),
    background: text('background', { enum: ['dark', 'light'] }).notNull(),
    // Rows kept before auto-scroll had a speed read as the default.
    scrollSpeed: text('scroll_speed', { enum: ['slow', 'medium', 'fast'] }).notNull().default('medium'),
    // Rows kept before continuous reading read as one episode at a time.
    flow: text('flow', { enum: ['episode', 'continuous'] }).notNull().default('episode'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('reader_settings_page_width', sql`${table.pageWidth} in ('column', 'fit')`),
    check('reader_settings_page_gap', sql`${table.pageGap} in ('none', 'small', 'medium', 'large')`),
    check('reader_settings_background', sql`${table.background} in ('dark', 'light')`),
    check('reader_settings_scroll_speed', sql`${table.scrollSpeed} in ('slow', 'medium', 'fast')`),
    check('reader_settings_flow', sql`${table.flow} in ('episode', 'continuous')`),
  ],
)

/**
 * Comments on episodes (plain text; core `rules/comments`): a top-level comment (`parent_id` null) or a
 * reply to one. `status`: 'visible', 'hidden' by a moderator (restorable), 'deleted' (kept so that a
 * report or audit entry still points somewhere; never listed). Likes are counted from `comment_likes`,
 * so concurrent likes never drift.
 */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    chapterId: integer('chapter_id').notNull().references(() => chapters.id, { onDelete: 'cascade' }),
    comicId: integer('comic_id').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    authorUid: text('author_uid').notNull(),
    byCreator: boolean('by_creator').notNull().default(false),
    text: text('text').notNull(),
    spoiler: boolean('spoiler').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    status: text('status', { enum: ['visible', 'hidden', 'deleted'] }).notNull().default('visible'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (table) => [
    index('comments_chapter_idx').on(table.chapterId, table.status),
    index('comments_parent_idx').on(table.parentId),
    index('comments_author_idx').on(table.authorUid),
    check('comments_status_check', sql`${table.status} in ('visible', 'hidden', 'deleted')`),
  ],
)

/** One row per reader and comment they like. */
export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: integer('comment_id').notNull().references(() => comments.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.commentId, table.userId] }), index('comment_likes_user_idx').on(table.userId)],
)

/** One row per reader and episode they like. */
export const episodeLikes = pgTable(
  'episode_likes',
  {
    chapterId: integer('chapter_id').notNull().references(() => chapters.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chapterId, table.userId] }), index('episode_likes_user_idx').on(table.userId)],
)

/** A reader's report of a comment (one per reader and comment), open until a moderator acts on the comment. */
export const commentReports = pgTable(
  'comment_reports',
  {
    commentId: integer('comment_id').notNull().references(() => comments.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.commentId, table.userId] }), index('comment_reports_open_idx').on(table.closedAt, table.commentId)],
)

/** Readers suspended from commenting and liking, until when. */
export const commentSuspensions = pgTable('comment_suspensions', {
  userId: text('user_id').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
})
