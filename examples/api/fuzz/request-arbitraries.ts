import type { HostConfig } from '@comics/core/site'
import fc from 'fast-check'
import { API_PREFIX, endpoints, type EndpointName } from '@comics/core/contract'
import { COIN_PACKS, COMMENT_MAX_LENGTH, COMMENT_MODERATIONS, COMMENT_REPORT_REASONS, COMMENT_SORTS, COMMENT_SUSPENSION_DAYS, PLANS, READER_SETTING_CHOICES, TRANSCRIPT_ENTRY_KINDS } from '@comics/core/rules'
import { signatureHeader, SIGNATURE_HEADER } from '../src/payments/sandbox/event-signature'
import { TEST_CARDS } from '../src/payments/sandbox/test-cards'
import Stripe from 'stripe'
import { STRIPE_WEBHOOK_PATH, WEBHOOK_PATH } from '../src/routes/payment-routes'

/** Signs fuzzed Stripe events as Stripe does (its key is never used: no call is made with it). */
const stripeSigner = new Stripe('sk_test_fuzz_signer')
import { multipart } from '../test/support/multipart'

/** Who sends a fuzzed request: nobody, a signed-in reader, an admin, or someone with a token that is not one. */
export type FuzzRole = 'guest' | 'reader' | 'admin' | 'forged'

/** Every endpoint of the contract table, plus the sandbox checkout page, the payment webhook and the file route. */
export type FuzzTarget = EndpointName | 'checkoutPage' | 'checkoutPay' | 'checkoutCancel' | 'webhook' | 'stripeWebhook' | 'file'

export interface FuzzRequest {
  target: FuzzTarget
  role: FuzzRole
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
}

/** What the generators draw valid values from: rows and files of the database the server runs on. */
export interface FuzzWorld {
  tokens: { reader: string; admin: string }
  /**
   * The tokens DELETE /me is sent with: accounts of their own, since a delete ends the account it is made
   * with (the first one that gets through ends it; later ones are refused).
   */
  leavingTokens: { reader: string; admin: string }
  uids: { reader: string; admin: string }
  ids: {
    comics: string[]
    chapters: string[]
    genres: string[]
    /** The reader's own subscriptions and someone else's. */
    subscriptions: string[]
    /** The sandbox's hosted checkouts of open orders of the reader, and of someone else. */
    checkouts: string[]
    /** The API's ids of those orders (what urlSuccess carries back and POST /subscriptions confirms). */
    orders: string[]
    /** The API's ids of open coin pack orders of the reader and of someone else (POST /coins/purchases). */
    coinOrders: string[]
    /** Payments (someone may refund them). */
    payments: string[]
    /** Coin pack purchases, by their ledger entry ids (an admin may refund them). */
    coinPurchases: string[]
    /** Chapters with the comic they belong to. */
    episodes: { comicId: string; chapterId: string }[]
    /** Pages of any episode. */
    assets: string[]
    /** Ids no row has yet (comics created during the run may take them): what a delete may name. */
    unused: string[]
  }
  storedFiles: string[]
  /**
   * The webhook's shared secret and the server's clock: some fuzzed events are signed correctly. With
   * `stripeSecret`, the server runs the Stripe adapter too and its webhook is fuzzed with Stripe's events.
   */
  webhook: { secret: string; now: () => Date; stripeSecret?: string }
  /** Real images (JPEG, PNG, WebP) the server accepts. */
  images: Buffer[]
  allowedOrigins: string[]
  /** Which Host serves which site mode (the API's ADULT_HOST, MIRROR_HOSTS). */
  hosts: HostConfig
}

const SQL = [
  "' OR '1'='1",
  '1; DROP TABLE comics;--',
  '1) OR (1=1',
  "1' UNION SELECT user_id FROM subscriptions--",
  "'; SELECT pg_sleep(5);--",
  '%',
  '_',
  '\\',
  "'",
  '"',
  '$1',
  '1::text',
]
const TRAVERSAL = [
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '....//....//etc/passwd',
  '%2e%2e%2f',
  '.',
  '..',
  'file:///etc/passwd',
  '~/.ssh/id_rsa',
  'seed-image-pool.json',
  'a\u0000b',
]
const NUMBER_TEXT = ['-1', '0', '00', '1e309', '99999999999999999999', '2147483648', 'NaN', 'Infinity', '1.5', '+1', ' 1', '0x10', '١٢']

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SQL, ...TRAVERSAL, ...NUMBER_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(5_000), '', ' ', '\u0000', '\ud83d\ude00'.repeat(100)) },
)
const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
)
const UNKNOWN_KEYS = ['admin', 'isAdmin', 'userId', 'role', 'id', 'status', 'constructor', 'toString', '$where', 'filter']

/**
 * A valid object made faulty more often than not: one value replaced by anything at all, one field
 * dropped, or a field nobody asked for added (a mass-assignment attempt); three in five stay as they are.
 */
function faulty(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const unknownKey = fc.oneof(fc.constantFrom(...UNKNOWN_KEYS), fc.string({ maxLength: 8 }))
  return fc.tuple(valid, fc.integer({ min: 0, max: 9 }), fc.nat(), hostileValue, unknownKey).map(([object, fault, pick, bad, key]) => {
    const keys = Object.keys(object)
    const chosen = keys[pick % Math.max(keys.length, 1)]
    if (fault < 6) return object
    if (fault < 8 && chosen !== undefined) return { ...object, [chosen]: bad }
    if (fault < 9 && chosen !== undefined) return Object.fromEntries(Object.entries(object).filter(([name]) => name !== chosen))
    return { ...object, [key]: bad }
  })
}

/** An object of the given fields (the required ones always there, the others now and then), made faulty. */
function nearValidObject(fields: Record<string, fc.Arbitrary<unknown>>, required: string[] = Object.keys(fields)): fc.Arbitrary<Record<string, unknown>> {
  return faulty(fc.record(fields, { requiredKeys: required as never[] }) as fc.Arbitrary<Record<string, unknown>>)
}

/** A short list of valid items; sometimes one of them is anything at all, or the list is longer than any limit. */
const listOf = (item: fc.Arbitrary<unknown>): fc.Arbitrary<unknown[]> =>
  fc.oneof(
    { weight: 16, arbitrary: fc.array(item, { minLength: 1, maxLength: 3 }) },
    { weight: 1, arbitrary: fc.tuple(fc.array(item, { maxLength: 2 }), hostileValue).map(([items, bad]) => [...items, bad]) },
    { weight: 1, arbitrary: fc.constant(Array.from({ length: 201 }, (_, i) => String(i + 1))) },
  )

const paging = {
  limit: fc.oneof({ weight: 12, arbitrary: fc.integer({ min: 1, max: 200 }) }, { weight: 1, arbitrary: hostileNumber }),
  offset: fc.oneof({ weight: 12, arbitrary: fc.integer({ min: 0, max: 100 }) }, { weight: 1, arbitrary: fc.constantFrom(1_000_000, 1_000_001, -1) }),
}
const sort = (fields: string[]) => nearValidObject({ field: fc.constantFrom(...fields), order: fc.constantFrom('asc', 'desc') })

function listBody(filters: Record<string, fc.Arbitrary<unknown>>, sortFields: string[], requiredFilters: string[] = []) {
  return nearValidObject(
    { ...paging, filters: nearValidObject(filters, requiredFilters), sort: sort(sortFields) },
    requiredFilters.length > 0 ? ['limit', 'offset', 'filters'] : ['limit', 'offset'],
  )
}

/** An id: one of the rows, a number no row has, or (seldom) something that cannot be an id. */
const idOf = (ids: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 12, arbitrary: ids.length > 0 ? fc.constantFrom(...ids) : fc.constant('1') },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 2 ** 31 - 1 }).map(String) },
    { weight: 1, arbitrary: hostileString },
  )

/** Encodes a path segment; sometimes a traversal segment is left as it is. */
const segment = (value: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 9, arbitrary: value.map((text) => encodeURIComponent(text)) },
    { weight: 1, arbitrary: fc.constantFrom('..', '.', '..%2f..%2fetc', '%2e%2e', '%00', '%ZZ', 'a%2Fb') },
  )

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>')

function filePart(world: FuzzWorld, fileFields: readonly string[]) {
  const bytes = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...world.images) },
    { weight: 1, arbitrary: fc.constant(SVG) },
    { weight: 1, arbitrary: fc.constant(Buffer.from('<html><script>alert(1)</script></html>')) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((array) => Buffer.from(array)) },
    // The magic bytes of an image and then anything: typed by content, it must still be readable.
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((array) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from(array)])) },
    { weight: 1, arbitrary: fc.constantFrom(...world.images).map((image) => image.subarray(0, Math.floor(image.length / 2))) },
  )
  return fc.record({
    field: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...fileFields) }, { weight: 1, arbitrary: fc.constantFrom('avatar', 'files[]', '') }),
    filename: fc.oneof(fc.constantFrom('page.webp', 'cover.svg', 'page.php', 'x.jpg'), fc.constantFrom(...TRAVERSAL), hostileString),
    contentType: fc.constantFrom('image/webp', 'image/jpeg', 'image/svg+xml', 'text/html', 'application/octet-stream'),
    bytes,
  })
}

/** A multipart form of text fields and files, sometimes broken, sometimes sent as JSON instead. */
function formBody(fields: fc.Arbitrary<Record<string, unknown>>, files: fc.Arbitrary<Parameters<typeof multipart>[1]>) {
  const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '')
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.tuple(fields, files).map(([values, parts]) => {
        const form = multipart(Object.fromEntries(Object.entries(values).map(([key, value]) => [key, asText(value)])), parts)
        return { headers: form.headers as Record<string, string>, payload: form.payload as string | Buffer }
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fields, files, fc.nat()).map(([values, parts, cut]) => {
        const form = multipart(Object.fromEntries(Object.entries(values).map(([key, value]) => [key, asText(value)])), parts)
        // A body that stops in the middle: the client went away, or never meant to finish.
        return { headers: form.headers as Record<string, string>, payload: form.payload.subarray(0, cut % (form.payload.length + 1)) }
      }),
    },
    {
      weight: 1,
      arbitrary: fields.map((values) => ({ headers: { 'content-type': 'multipart/form-data; boundary=nope' }, payload: JSON.stringify(values) })),
    },
    { weight: 1, arbitrary: fields.map((values) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(values) })) },
  )
}

const RAW_BODIES = [
  '{',
  '{"limit":',
  'null',
  '[]',
  '""',
  '0',
  '{"__proto__":{"admin":true},"limit":1,"offset":0}',
  '{"constructor":{"prototype":{"admin":true}},"limit":1,"offset":0}',
  '{"limit":1,"offset":0,"limit":2}',
  'limit=10&offset=0',
  '\u0000',
  '\ufeff{"limit":1,"offset":0}',
]
const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/JSON', 'text/plain', 'application/x-www-form-urlencoded', 'application/xml']

/** A JSON body: mostly the endpoint's shape with faults, sometimes any JSON, broken JSON, no body or a wrong type. */
function jsonBody(shape: fc.Arbitrary<unknown>) {
  const typed = (payload: string) => ({ headers: { 'content-type': 'application/json' } as Record<string, string>, payload })
  return fc.oneof(
    { weight: 10, arbitrary: shape.map((value) => typed(JSON.stringify(value))) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => typed(JSON.stringify(value))) },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...RAW_BODIES), fc.string({ unit: 'binary', maxLength: 40 })).map(typed) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(shape, fc.constantFrom(...JSON_TYPES))
        .map(([value, type]) => ({ headers: { 'content-type': type } as Record<string, string>, payload: JSON.stringify(value) as string | undefined })),
    },
    { weight: 1, arbitrary: fc.constant({ headers: {} as Record<string, string>, payload: undefined as string | undefined }) },
    // Larger than the body limit (64 KiB).
    { weight: 1, arbitrary: fc.constant(typed(JSON.stringify({ limit: 1, offset: 0, filters: { id: Array(12_000).fill('1234567') } }))) },
  )
}

interface Sent {
  headers: Record<string, string>
  payload?: string | Buffer | undefined
}

interface Shape {
  params?: Record<string, fc.Arbitrary<string>>
  body?: fc.Arbitrary<Sent>
  /** Params and body drawn together, when one must match the other. */
  together?: fc.Arbitrary<{ params: Record<string, string>; sent: Sent }>
}

/** The faulty requests of each endpoint: a compile error here when the contract gains an endpoint. */
function endpointShapes(world: FuzzWorld): Record<EndpointName, Shape> {
  const { ids } = world
  const comicId = idOf(ids.comics)
  const chapterId = idOf(ids.chapters)
  const genreId = idOf(ids.genres)
  const variant = fc.oneof({ weight: 9, arbitrary: fc.constantFrom('censored', 'uncensored', 'legal') }, { weight: 1, arbitrary: hostileString })
  const rating = fc.oneof({ weight: 9, arbitrary: fc.constantFrom('AO', 'T', 'M') }, { weight: 1, arbitrary: hostileString })
  const multipartBoolean = fc.oneof({ weight: 4, arbitrary: fc.constantFrom('1', '0') }, { weight: 1, arbitrary: fc.constantFrom('true', 'yes', '', '2') })
  const title = fc.oneof({ weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 20 }) }, { weight: 1, arbitrary: hostileString })
  const genresField = fc.oneof({ weight: 6, arbitrary: listOf(genreId).map((list) => JSON.stringify(list)) }, { weight: 1, arbitrary: hostileString })
  // Publish times: past, future, a draft's null, or text that is no ISO timestamp.
  const publishAt = fc.oneof(
    { weight: 4, arbitrary: fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString()) },
    { weight: 1, arbitrary: fc.constantFrom('2026-03-01T12:00:00+02:00', '2026-03-01', '2026-13-01T00:00:00Z') },
    { weight: 1, arbitrary: hostileString },
  )
  const chapter = nearValidObject(
    { title, chapterNumber: fc.integer({ min: 1, max: 100_000 }), isFree: fc.boolean(), publishAt: fc.oneof(publishAt, fc.constant(null)) },
    ['title', 'chapterNumber', 'isFree'],
  )
  const chaptersField = fc.oneof(
    { weight: 6, arbitrary: fc.array(chapter, { minLength: 1, maxLength: 3 }).map((list) => JSON.stringify(list)) },
    { weight: 1, arbitrary: hostileString },
  )
  // Mostly none or one file per form, sometimes more than a field takes.
  const files = (fields: readonly string[]) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant([]) },
      { weight: 3, arbitrary: fc.array(filePart(world, fields), { minLength: 1, maxLength: 1 }) },
      { weight: 2, arbitrary: fc.array(filePart(world, fields), { minLength: 2, maxLength: 4 }) },
    )
  const urlSuccess = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...world.allowedOrigins).map((origin) => `${origin}/account`) },
    fc.constantFrom(
      '//evil.example/account',
      'https://evil.example/account',
      `${world.allowedOrigins[0]}@evil.example/account`,
      'javascript:alert(1)',
      `${world.allowedOrigins[0]}/a\r\nSet-Cookie: x=1`,
      `${world.allowedOrigins[0]}/\u2028`,
      `${world.allowedOrigins[0]}.evil.example/`,
      'data:text/html,<script>alert(1)</script>',
    ),
    hostileString,
  )
  const planId = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...PLANS.map((plan) => plan.id)) }, { weight: 1, arbitrary: hostileString })
  const uid = fc.oneof(fc.constantFrom(world.uids.reader, world.uids.admin), hostileString)
  const commentId = idOf(ids.chapters)
  const commentText = fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: 0, maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constantFrom('<script>alert(1)</script>', '<img src=x onerror=alert(1)>', 'a'.repeat(COMMENT_MAX_LENGTH + 1), ' \n ') },
    { weight: 1, arbitrary: hostileString },
  )

  return {
    listComics: { body: jsonBody(listBody({ genres: listOf(genreId), id: listOf(comicId), contentRating: listOf(rating) }, ['created_at', 'title'])) },
    searchComics: {
      body: jsonBody(
        nearValidObject({
          // Typed words with accents and typos, any text (empty, too long, control characters), or an attack.
          q: fc.oneof(
            { weight: 2, arbitrary: fc.constantFrom('moonlite', 'Élan', 'drgon  knight', 'ÅNGSTRÖM', '日本語', '%_\\', "o'hara") },
            { weight: 2, arbitrary: fc.string({ minLength: 0, maxLength: 120 }) },
            { weight: 1, arbitrary: hostileString },
          ),
          limit: paging.limit,
          offset: paging.offset,
        }),
      ),
    },
    adminListComics: {
      body: jsonBody(
        listBody(
          { genres: listOf(genreId), id: listOf(comicId), contentRating: listOf(rating), displayOnMirror: fc.boolean(), title, hasDrafts: fc.boolean() },
          ['created_at', 'title'],
        ),
      ),
    },
    listChapters: {
      body: jsonBody(listBody({ comicsId: listOf(comicId), assetVariant: listOf(variant), includeUnpublished: fc.boolean() }, ['chapterNumber'])),
    },
    listAssets: { body: jsonBody(listBody({ comicsId: listOf(comicId), chapterId: listOf(chapterId), variant: listOf(variant) }, ['position'], ['chapterId'])) },
    listGenres: { body: jsonBody(listBody({ id: listOf(genreId), mature: fc.boolean() }, ['name'])) },
    listSubscriptions: { body: jsonBody(listBody({ userId: listOf(uid) }, ['created_at'])) },
    listPayments: { body: jsonBody(listBody({ userId: listOf(uid) }, ['paid_at'])) },
    listPaymentSystems: {},
    refundPayment: { params: { id: idOf(ids.payments) } },
    refundCoinPack: { params: { id: idOf(ids.coinPurchases) } },
    createGenre: { body: jsonBody(nearValidObject({ name: title, mature: fc.boolean() })) },
    updateGenre: { params: { id: genreId }, body: jsonBody(nearValidObject({ name: title, mature: fc.boolean() }, ['mature'])) },
    deleteComics: { body: jsonBody(nearValidObject({ ids: listOf(idOf(ids.unused)) })) },
    createComic: {
      body: formBody(
        nearValidObject({ title, description: title, contentRating: rating, genres: genresField, displayOnMirror: multipartBoolean }, ['title', 'contentRating']),
        files(endpoints.createComic.multipart.files),
      ),
    },
    updateComic: {
      params: { id: comicId },
      body: formBody(
        nearValidObject({ title, description: title, contentRating: rating, genres: genresField, displayOnMirror: multipartBoolean }, []),
        files(endpoints.updateComic.multipart.files),
      ),
    },
    createChapters: {
      body: formBody(nearValidObject({ comicsId: comicId, chapters: chaptersField }), files(endpoints.createChapters.multipart.files)),
    },
    updateChapter: {
      params: { chapterId },
      body: formBody(
        nearValidObject({ title, isFree: multipartBoolean, publishAt: fc.oneof(publishAt, fc.constant('')) }, []),
        files(endpoints.updateChapter.multipart.files),
      ),
    },
    // Mostly a chapter of the comic in the path: pages for an episode of another comic are refused.
    uploadAssets: {
      together: fc.constantFrom(...ids.episodes).chain((episode) =>
        fc.record({
          params: fc.record({ comicId: fc.oneof({ weight: 4, arbitrary: fc.constant(episode.comicId) }, { weight: 1, arbitrary: comicId }), variant }),
          sent: formBody(
            nearValidObject({ chapterId: fc.oneof({ weight: 4, arbitrary: fc.constant(episode.chapterId) }, { weight: 1, arbitrary: chapterId }) }),
            files(endpoints.uploadAssets.multipart.files),
          ),
        }),
      ),
    },
    // One page per call, mostly to an episode of the comic in the path.
    uploadPage: {
      together: fc.constantFrom(...ids.episodes).chain((episode) =>
        fc.record({
          params: fc.record({
            comicId: fc.oneof({ weight: 4, arbitrary: fc.constant(episode.comicId) }, { weight: 1, arbitrary: comicId }),
            chapterId: fc.oneof({ weight: 4, arbitrary: fc.constant(episode.chapterId) }, { weight: 1, arbitrary: chapterId }),
            variant,
          }),
          sent: formBody(nearValidObject({}), files(endpoints.uploadPage.multipart.files)),
        }),
      ),
    },
    // Page ids of any episode: those of another episode, twice, or unknown are refused.
    setPageOrder: {
      together: fc.constantFrom(...ids.episodes).chain((episode) =>
        fc.record({
          params: fc.record({
            comicId: fc.oneof({ weight: 4, arbitrary: fc.constant(episode.comicId) }, { weight: 1, arbitrary: comicId }),
            chapterId: fc.oneof({ weight: 4, arbitrary: fc.constant(episode.chapterId) }, { weight: 1, arbitrary: chapterId }),
            variant,
          }),
          sent: jsonBody(nearValidObject({ assetIds: listOf(idOf(ids.assets)) })),
        }),
      ),
    },
    // Alt texts of pages of any episode: ids of another episode or unknown are refused.
    setPageAlt: {
      together: fc.constantFrom(...ids.episodes).chain((episode) =>
        fc.record({
          params: fc.record({
            comicId: fc.oneof({ weight: 4, arbitrary: fc.constant(episode.comicId) }, { weight: 1, arbitrary: comicId }),
            chapterId: fc.oneof({ weight: 4, arbitrary: fc.constant(episode.chapterId) }, { weight: 1, arbitrary: chapterId }),
            variant,
          }),
          sent: jsonBody(nearValidObject({ pages: listOf(nearValidObject({ assetId: idOf(ids.assets), alt: fc.oneof(title, fc.constant(null)) })) })),
        }),
      ),
    },
    getTranscript: { params: { chapterId } },
    putTranscript: {
      together: fc.constantFrom(...ids.episodes).chain((episode) =>
        fc.record({
          params: fc.record({
            comicId: fc.oneof({ weight: 4, arbitrary: fc.constant(episode.comicId) }, { weight: 1, arbitrary: comicId }),
            chapterId: fc.oneof({ weight: 4, arbitrary: fc.constant(episode.chapterId) }, { weight: 1, arbitrary: chapterId }),
          }),
          sent: jsonBody(
            nearValidObject({
              entries: listOf(
                nearValidObject(
                  { page: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer()), kind: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...TRANSCRIPT_ENTRY_KINDS) }, { weight: 1, arbitrary: hostileString }), speaker: title, text: title },
                  ['speaker'],
                ),
              ),
            }),
          ),
        }),
      ),
    },
    checkout: {
      // Mostly a plan with its own level.
      body: jsonBody(
        fc.constantFrom(...PLANS).chain((plan) =>
          nearValidObject({
            level: fc.oneof({ weight: 4, arbitrary: fc.constant(plan.level) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 4 }) }),
            title: fc.oneof({ weight: 4, arbitrary: fc.constant(plan.id) }, { weight: 1, arbitrary: planId }),
            urlSuccess,
          }),
        ),
      ),
    },
    createPayment: {
      body: jsonBody(nearValidObject({ checkoutId: idOf(ids.orders), paymentSystem: fc.oneof(fc.constantFrom('card', 'sandbox'), hostileString) }, ['checkoutId'])),
    },
    cancelSubscription: { params: { id: idOf(ids.subscriptions) } },
    exportMyData: {},
    deleteMyAccount: {},
    listCoinPacks: {},
    coinCheckout: {
      body: jsonBody(
        nearValidObject({
          packId: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...COIN_PACKS.map((pack) => pack.id)) }, { weight: 1, arbitrary: hostileString }),
          urlSuccess,
        }),
      ),
    },
    confirmCoinPurchase: { body: jsonBody(nearValidObject({ checkoutId: idOf([...ids.coinOrders, ...ids.orders]) })) },
    getCoinBalance: {},
    getReaderSettings: {},
    putReaderSettings: {
      body: jsonBody(
        nearValidObject({
          pageWidth: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...READER_SETTING_CHOICES.pageWidth) }, { weight: 1, arbitrary: hostileString }),
          pageGap: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...READER_SETTING_CHOICES.pageGap) }, { weight: 1, arbitrary: hostileString }),
          background: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...READER_SETTING_CHOICES.background) }, { weight: 1, arbitrary: hostileString }),
          scrollSpeed: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...READER_SETTING_CHOICES.scrollSpeed) }, { weight: 1, arbitrary: hostileString }),
          flow: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...READER_SETTING_CHOICES.flow) }, { weight: 1, arbitrary: hostileString }),
          updatedAt: publishAt,
        }),
      ),
    },
    unlockEpisode: { body: jsonBody(nearValidObject({ chapterId })) },
    listCoinUnlocks: { body: jsonBody(listBody({ comicsId: listOf(comicId), userId: listOf(uid) }, ['unlocked_at'])) },
    listCoinHistory: { body: jsonBody(listBody({ userId: listOf(uid) }, ['created_at'])) },
    adminCoinBalance: { params: { userId: uid } },
    listAudit: { body: jsonBody(listBody({ comicsId: listOf(comicId) }, ['created_at'])) },
    listMyProgress: {},
    // Positions in known and unknown comics, with times past, ahead of the server's and out of range.
    syncMyProgress: {
      body: jsonBody(
        nearValidObject({
          entries: fc.array(
            nearValidObject(
              {
                comicId,
                chapterId,
                chapterTitle: title,
                page: fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer()),
                offset: fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.double()),
                updatedAt: fc.oneof(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.integer(), fc.constant(Number.MAX_SAFE_INTEGER)),
              },
              ['comicId', 'chapterId', 'chapterTitle', 'updatedAt'],
            ),
            { maxLength: 120 },
          ),
        }),
      ),
    },
    listMyFollows: {},
    followComic: { body: jsonBody(nearValidObject({ comicId })) },
    unfollowComic: { params: { comicId } },
    getWaitForFree: { params: { comicId } },
    unlockEpisodeFree: { body: jsonBody(nearValidObject({ chapterId })) },
    setWaitForFree: {
      params: { comicId },
      body: jsonBody(
        nearValidObject({
          waitHours: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 400 }) }, { weight: 1, arbitrary: fc.double() }),
          newestExcluded: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 20 }) }, { weight: 1, arbitrary: fc.integer() }),
        }),
      ),
    },
    // Comments: texts of any size and markup; comment ids drawn from episode ids (some exist once the
    // fuzz has commented), or hostile.
    listComments: {
      body: jsonBody(nearValidObject({ chapterId, sort: fc.oneof(fc.constantFrom(...COMMENT_SORTS), hostileString), limit: paging.limit, offset: paging.offset })),
    },
    listEpisodeReactions: { body: jsonBody(nearValidObject({ comicId })) },
    createComment: { body: jsonBody(nearValidObject({ chapterId, parentId: commentId, text: commentText, spoiler: fc.boolean() }, ['chapterId', 'text'])) },
    editComment: { params: { id: commentId }, body: jsonBody(nearValidObject({ text: commentText, spoiler: fc.boolean() }, ['text'])) },
    deleteComment: { params: { id: commentId } },
    likeComment: { params: { id: commentId } },
    unlikeComment: { params: { id: commentId } },
    likeEpisode: { params: { chapterId } },
    unlikeEpisode: { params: { chapterId } },
    reportComment: {
      params: { id: commentId },
      body: jsonBody(nearValidObject({ reason: fc.oneof(fc.constantFrom(...COMMENT_REPORT_REASONS), hostileString), note: commentText }, ['reason'])),
    },
    pinComment: { params: { id: commentId }, body: jsonBody(nearValidObject({ pinned: fc.boolean() })) },
    listCommentReports: { body: jsonBody(nearValidObject({ limit: paging.limit, offset: paging.offset })) },
    moderateComment: { params: { id: commentId }, body: jsonBody(nearValidObject({ action: fc.oneof(fc.constantFrom(...COMMENT_MODERATIONS), hostileString) })) },
    suspendCommenter: { params: { id: commentId }, body: jsonBody(nearValidObject({ days: fc.oneof(fc.constantFrom(...COMMENT_SUSPENSION_DAYS), fc.integer()) })) },
    creditCoins: {
      body: jsonBody(
        nearValidObject({
          userId: uid,
          coins: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 500 }) }, { weight: 1, arbitrary: fc.integer() }),
          reason: title,
        }),
      ),
    },
  }
}

const fillPath = (path: string, params: Record<string, string>) => path.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? '')

const authorization = (world: FuzzWorld): Record<FuzzRole, fc.Arbitrary<Record<string, string>>> => ({
  guest: fc.constant({}),
  reader: fc.constant({ authorization: `Bearer ${world.tokens.reader}` }),
  admin: fc.constant({ authorization: `Bearer ${world.tokens.admin}` }),
  forged: fc
    .oneof(
      fc.constantFrom('Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', 'Bearer a.b.c', `Bearer ${world.tokens.admin.slice(0, -4)}AAAA`, `bearer  ${world.tokens.reader}x`),
      fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((text) => `Bearer ${text}`),
    )
    .map((value) => ({ authorization: value })),
})

const HOSTS = ['adult.localhost:5173', 'localhost:5173', '127.0.0.1:5173', 'evil.example', 'ADULT.LOCALHOST:5173']

/**
 * One faulty request to one of the server's routes, from one of the roles: bodies of the wrong shape
 * and type, unknown fields, huge and negative numbers, SQL and path traversal in ids, names and files,
 * broken multipart forms, forged tokens, other hosts.
 */
export function fuzzRequest(world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const shapes = endpointShapes(world)
  const roles = authorization(world)
  const common = fc.record({
    role: fc.constantFrom<FuzzRole>('guest', 'reader', 'admin', 'forged'),
    host: fc.constantFrom(...HOSTS),
    query: fc.option(fc.constantFrom('?limit=999999', "?id=1'--", '?__proto__[admin]=1', '?x=%ZZ'), { freq: 8 }),
  })
  const withRole = (role: FuzzRole) => roles[role]
  const leaving = authorization({ ...world, tokens: world.leavingTokens })

  const contractRequests = (Object.keys(shapes) as EndpointName[]).map((name) => {
    const endpoint = endpoints[name]
    const shape = shapes[name]
    const encode = (params: Record<string, fc.Arbitrary<string>>) =>
      fc.record(Object.fromEntries(Object.entries(params).map(([key, value]) => [key, segment(value)])))
    const drawn =
      shape.together?.chain(({ params, sent }) =>
        encode(Object.fromEntries(Object.entries(params).map(([key, value]) => [key, fc.constant(value)]))).map((values) => ({ values, sent })),
      ) ??
      fc.record({
        values: encode(shape.params ?? {}),
        sent: shape.body ?? fc.constant<Sent>({ headers: {} }),
      })
    return fc
      .tuple(common, drawn)
      .chain(([base, { values, sent }]) =>
        (name === 'deleteMyAccount' ? leaving[base.role] : withRole(base.role)).map(
          (auth): FuzzRequest => ({
            target: name,
            role: base.role,
            method: endpoint.method,
            url: `${API_PREFIX}${fillPath(endpoint.path, values)}${base.query ?? ''}`,
            headers: { host: base.host, ...sent.headers, ...auth },
            ...(sent.payload !== undefined ? { payload: sent.payload } : {}),
          }),
        ),
      )
  })

  const checkoutId = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...world.ids.checkouts) },
    { weight: 1, arbitrary: fc.base64String({ minLength: 32, maxLength: 32 }).map((text) => text.replace(/[+/=]/g, 'A')) },
    { weight: 2, arbitrary: hostileString },
  )
  const cardForm = fc.oneof(
    fc.constantFrom('', 'paymentSystem=card', '{"a":1}', 'number=4242424242424242', 'number[]=1&expiry=12/34'),
    fc
      .record({
        number: fc.oneof(fc.constantFrom(...TEST_CARDS.map((c) => c.number), '5555555555554444', '4242 4242 4242 4242'), hostileString),
        expiry: fc.oneof(fc.constantFrom('12/34', '1/1', '99/99'), hostileString),
        cvc: fc.oneof(fc.constantFrom('123', '1234', '12'), hostileString),
      })
      .map((form) => new URLSearchParams(form).toString()),
  )
  const pageRequest = (target: 'checkoutPage' | 'checkoutPay' | 'checkoutCancel') =>
    fc.tuple(common, segment(checkoutId), cardForm).chain(([base, id, form]) =>
      withRole(base.role).map(
        (auth): FuzzRequest => ({
          target,
          role: base.role,
          method: target === 'checkoutPage' ? 'GET' : 'POST',
          url: `${API_PREFIX}/checkout/${id}${target === 'checkoutPay' ? '/pay' : target === 'checkoutCancel' ? '/cancel' : ''}`,
          headers: { host: base.host, ...auth, ...(target === 'checkoutPage' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
          ...(target === 'checkoutPage' ? {} : { payload: form }),
        }),
      ),
    )
  // Provider events: signed with the right secret now, with a stale or future timestamp, with another
  // secret, unsigned or with a broken header; about the world's orders or made-up ones.
  const orderRef = fc.oneof(fc.constantFrom(...world.ids.orders), hostileString)
  const sandboxRef = fc.oneof(fc.constantFrom(...world.ids.checkouts), hostileString)
  const event = fc.record({
    id: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('evt_fuzz_1', 'evt_fuzz_2', 'evt_fuzz_3') }, { weight: 1, arbitrary: hostileString }),
    type: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('checkout.paid', 'checkout.declined', 'payment.refunded', 'renewal.paid', 'renewal.failed') }, { weight: 1, arbitrary: hostileString }),
    created: fc.integer({ min: 0, max: 2 ** 31 }),
    data: nearValidObject(
      {
        checkoutId: sandboxRef,
        reference: orderRef,
        paymentId: fc.oneof(fc.constantFrom('py_fuzz', ...world.ids.payments), hostileString),
        paymentMethodId: fc.oneof(fc.constant('pm_fuzz'), hostileString),
        amountCents: fc.oneof(fc.constantFrom(799, 1349, 2499, 4199), hostileNumber),
        currency: fc.oneof(fc.constant('USD'), hostileString),
        reason: hostileString,
      },
      [],
    ),
  })
  const eventBody = fc.oneof({ weight: 6, arbitrary: event.map((e) => JSON.stringify(e)) }, { weight: 1, arbitrary: hostileString })
  const signing = fc.constantFrom('now', 'stale', 'future', 'other-secret', 'other-body', 'none', 'garbage')
  const webhookRequest = fc.tuple(common, eventBody, signing).chain(([base, body, how]) =>
    withRole(base.role).map((auth): FuzzRequest => {
      const now = Math.floor(world.webhook.now().getTime() / 1000)
      const header =
        how === 'now' ? signatureHeader(world.webhook.secret, now, body)
        : how === 'stale' ? signatureHeader(world.webhook.secret, now - 3600, body)
        : how === 'future' ? signatureHeader(world.webhook.secret, now + 3600, body)
        : how === 'other-secret' ? signatureHeader('whsec_not_the_secret', now, body)
        : how === 'other-body' ? signatureHeader(world.webhook.secret, now, `${body} `)
        : how === 'garbage' ? `t=${now},v1=zz,v0=${'a'.repeat(64)}`
        : undefined
      return {
        target: 'webhook',
        role: base.role,
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { host: base.host, ...auth, 'content-type': 'application/json', ...(header ? { [SIGNATURE_HEADER]: header } : {}) },
        payload: body,
      }
    }),
  )
  // Stripe's events, signed by the SDK's test header (or not): types the API reads and types it ignores,
  // objects near Stripe's shapes naming the world's orders or made-up ones.
  const stripeSecret = world.webhook.stripeSecret
  const stripeObject = nearValidObject(
    {
      id: fc.oneof(fc.constantFrom('cs_fuzz', 'pi_fuzz', 'ch_fuzz', 'dp_fuzz'), hostileString),
      object: fc.constantFrom('checkout.session', 'payment_intent', 'charge', 'dispute'),
      mode: fc.constantFrom('payment', 'subscription'),
      payment_status: fc.constantFrom('paid', 'unpaid'),
      client_reference_id: orderRef,
      payment_intent: fc.oneof(fc.constant('pi_fuzz'), hostileString),
      amount_total: fc.oneof(fc.constantFrom(799, 1349, 2499, 4199), hostileNumber),
      amount_refunded: fc.oneof(fc.constantFrom(0, 500, 1349), hostileNumber),
      refunded: fc.boolean(),
      currency: fc.oneof(fc.constant('usd'), hostileString),
      status: fc.constantFrom('won', 'lost', 'needs_response', 'open', 'complete'),
      metadata: fc.oneof(fc.constant({}), fc.record({ renewal: hostileString })),
    },
    [],
  )
  const stripeEvent = fc.record({
    id: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('evt_fuzz_1', 'evt_fuzz_2') }, { weight: 1, arbitrary: hostileString }),
    object: fc.constant('event'),
    type: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('checkout.session.completed', 'checkout.session.async_payment_failed', 'payment_intent.payment_failed', 'payment_intent.succeeded', 'charge.refunded', 'charge.dispute.created', 'charge.dispute.closed', 'customer.updated', 'invoice.paid') },
      { weight: 1, arbitrary: hostileString },
    ),
    created: fc.integer({ min: 0, max: 2 ** 31 }),
    data: fc.oneof({ weight: 6, arbitrary: fc.record({ object: stripeObject }) }, { weight: 1, arbitrary: fc.constant({}) }),
  })
  const stripeWebhookRequest = fc
    .tuple(common, fc.oneof({ weight: 6, arbitrary: stripeEvent.map((e) => JSON.stringify(e)) }, { weight: 1, arbitrary: hostileString }), signing)
    .chain(([base, body, how]) =>
      withRole(base.role).map((auth): FuzzRequest => {
        const now = Math.floor(world.webhook.now().getTime() / 1000)
        const sign = (secret: string, timestamp: number, payload: string) => stripeSigner.webhooks.generateTestHeaderString({ payload, secret, timestamp })
        const header =
          how === 'now' ? sign(stripeSecret!, now, body)
          : how === 'stale' ? sign(stripeSecret!, now - 3600, body)
          : how === 'future' ? sign(stripeSecret!, now + 3600, body)
          : how === 'other-secret' ? sign('whsec_not_the_secret', now, body)
          : how === 'other-body' ? sign(stripeSecret!, now, `${body} `)
          : how === 'garbage' ? `t=${now},v1=zz`
          : undefined
        return {
          target: 'stripeWebhook',
          role: base.role,
          method: 'POST',
          url: STRIPE_WEBHOOK_PATH,
          headers: { host: base.host, ...auth, 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
          payload: body,
        }
      }),
    )
  const fileName = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...world.storedFiles) },
    { weight: 1, arbitrary: fc.constantFrom(...world.storedFiles).map((name) => name.replace(/\.\w+$/, '.svg')) },
    { weight: 2, arbitrary: hostileString },
  )
  const fileRequest = fc.tuple(common, segment(fileName), fc.option(fc.constantFrom('"abc"', '*'), { freq: 4 })).chain(([base, name, etag]) =>
    withRole(base.role).map(
      (auth): FuzzRequest => ({
        target: 'file',
        role: base.role,
        method: 'GET',
        url: `${API_PREFIX}/files/${name}`,
        headers: { host: base.host, ...auth, ...(etag ? { 'if-none-match': etag } : {}) },
      }),
    ),
  )

  return fc.oneof(
    ...contractRequests,
    pageRequest('checkoutPage'),
    pageRequest('checkoutPay'),
    pageRequest('checkoutCancel'),
    webhookRequest,
    webhookRequest,
    ...(stripeSecret ? [stripeWebhookRequest, stripeWebhookRequest] : []),
    fileRequest,
  )
}
