import { resolve } from 'node:path'
import type { SiteMode } from '@comics/core/rules'
import type { HostConfig } from '@comics/core/site'
import type { S3Settings } from './files/object-storage'
import { packageRoot } from './package-root'
import { FIRST_START_CATALOGUE } from './seed/catalogue-plan'

export interface ApiConfig {
  host: string
  port: number
  /** PostgreSQL connection string; without it the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined
  /** PGlite data folder. */
  dataDir: string
  /**
   * Where uploaded and seeded images are stored (STORAGE_BACKEND): `local`, the folder `filesDir` (one
   * machine's default), or `s3`, the bucket `s3` names (shared by every instance).
   */
  storageBackend: 'local' | 's3'
  /** Local folder of the images with the local backend; with S3, of the seed's manifest only. */
  filesDir: string
  /** The bucket with STORAGE_BACKEND=s3 (S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE). */
  s3: S3Settings | undefined
  /**
   * The secret the short-lived URLs of locked pages are signed with (FILES_SIGNING_SECRET); the same on
   * every instance. A development default serves one machine; in production it must be set.
   */
  filesSigningSecret: string
  /** Prefix of image URLs in responses; relative by default so the site's same-origin proxy serves them. */
  filesPublicUrl: string
  /** Origins allowed for CORS and for a checkout's `urlSuccess`. */
  allowedOrigins: string[]
  /** Which Host header serves which site mode (spec §2); see README "Host modes". */
  hosts: HostConfig
  /** Public URL of the API itself, used to build the sandbox checkout page link. */
  publicUrl: string
  firebaseProjectId: string
  /**
   * The Auth emulator whose unsigned tokens are trusted (FIREBASE_AUTH_EMULATOR_HOST), asked for
   * explicitly by the development and test stacks; unset, tokens are verified against Google's keys.
   * Refused unless the server listens on a loopback address.
   */
  firebaseAuthEmulatorHost: string | undefined
  /**
   * The secret the sandbox provider signs its events with (PAYMENT_WEBHOOK_SECRET). A development default
   * serves one machine; production runs no sandbox.
   */
  paymentWebhookSecret: string
  /**
   * The payment provider of each host mode (PAYMENT_PROVIDER, or PAYMENT_PROVIDER_ADULT and
   * PAYMENT_PROVIDER_NORMAL for one host mode): `sandbox`, one machine's default, or `stripe`. With
   * NODE_ENV=production the sandbox (or no provider) is refused: it sells for a test card.
   */
  paymentProviders: Record<SiteMode, PaymentProviderName>
  /** Stripe's keys (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET) when a host mode uses it; STRIPE_API_URL points the SDK elsewhere (tests). */
  stripe: StripeSettings | undefined
  /** How long the sandbox's delayed test card takes to settle (SANDBOX_DELAY_MS). */
  sandboxDelayMs: number
  /** Requests per minute per client on checkout and payment calls. */
  paymentRateLimitPerMinute: number
  /**
   * Multiplies the comment and like allowances of core `COMMENT_RATE_LIMITS` (COMMENT_RATE_LIMIT_SCALE):
   * a load test from one address raises it; 1 in production.
   */
  commentRateLimitScale: number
  /**
   * Reads (the catalogue, page lists, images, a reader's own reads) per minute per client (READ_RATE_LIMIT),
   * counted in this instance's memory.
   */
  readRateLimitPerMinute: number
  /**
   * Catalogue queries that missed the cache a client may have in flight (CATALOGUE_MISSES_PER_CLIENT);
   * as many again times three wait their turn, the excess is refused (429).
   */
  catalogueMissesPerClient: number
  /** Largest JSON body. */
  bodyLimitBytes: number
  /** Largest multipart request (all files together). */
  uploadRequestLimitBytes: number
  /** Seed a catalogue when the database is empty on start. */
  seedOnFirstStart: boolean
  /** Episodes of that catalogue (the first start's, over 3000, unless a test asks for fewer). */
  seedEpisodes: number
  /** One more comic, of EPISODESxPAGES (SEED_LONG_COMIC, e.g. '3x24'), for journeys that read far into an episode. */
  seedLongComic?: { episodes: number; pages: number }
  logLevel: string
  /**
   * The proxies (addresses or CIDR ranges, TRUST_PROXY) whose X-Forwarded-For names the client; empty,
   * the connecting address is the client's. Rate limits key on that address.
   */
  trustProxy: string[]
  /**
   * Apply pending migrations on start (MIGRATE_ON_START). Off, the server refuses to start on a schema
   * whose migrations differ from its own; migrations are then a release step (`pnpm --filter api migrate`).
   * On by default on one machine, off with NODE_ENV=production.
   */
  migrateOnStart: boolean
  /**
   * How long the catalogue cache keeps what it read at most (CATALOGUE_CACHE_MAX_AGE_MS): the safety net
   * behind the notifications that clear it on every instance at each admin write.
   */
  catalogueCacheMaxAgeMs: number
  /** How long a stop (SIGTERM) waits for requests and jobs in flight before the process exits anyway. */
  shutdownTimeoutMs: number
}

export const PAYMENT_PROVIDER_NAMES = ['sandbox', 'stripe'] as const
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number]

export interface StripeSettings {
  secretKey: string
  webhookSecret: string
  /** Another API endpoint than Stripe's (a local server answering its calls in tests). */
  apiUrl?: string
}

/** The URL-signing secret of one machine's development setup; never for a deployed server. */
export const DEV_FILES_SIGNING_SECRET = 'files_signing_development_only'

/** The webhook secret of one machine's development setup; never for a deployed server. */
export const DEV_WEBHOOK_SECRET = 'whsec_sandbox_development_only'

const list = (value: string | undefined, fallback: string[]) =>
  value === undefined ? fallback : value.split(',').map((item) => item.trim()).filter(Boolean)

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got '${value}'`)
  return parsed
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback
  if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true
  if (['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false
  throw new Error(`${name} must be true or false, got '${value}'`)
}

/**
 * The proxies trusted when TRUST_PROXY is not set: the loopback addresses, where the site server's proxy
 * runs on one machine (docs/deploy.md).
 */
export const DEFAULT_TRUSTED_PROXIES = ['127.0.0.1', '::1']

/**
 * TRUST_PROXY: addresses or CIDR ranges, comma separated, the loopback addresses by default; 'off' trusts
 * none; trusting every peer ('true') is refused.
 */
function proxies(value: string | undefined): string[] {
  const items = list(value, DEFAULT_TRUSTED_PROXIES)
  if (items.length === 1 && ['0', 'false', 'off', 'no'].includes(items[0]!.toLowerCase())) return []
  for (const item of items) {
    if (!/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(item)) {
      throw new Error(`TRUST_PROXY lists the proxies' addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1), got '${item}'`)
    }
  }
  return items
}

function positive(name: string, value: string | undefined, fallback: number): number {
  const parsed = integer(name, value, fallback)
  if (parsed === 0) throw new Error(`${name} must be a positive integer, got '${value}'`)
  return parsed
}

function longComic(value: string): { episodes: number; pages: number } {
  const match = /^(\d{1,3})x(\d{1,3})$/.exec(value)
  const episodes = Number(match?.[1])
  const pages = Number(match?.[2])
  if (!match || episodes < 1 || pages < 1 || episodes > 200 || pages > 200) {
    throw new Error(`SEED_LONG_COMIC must be EPISODESxPAGES (each 1 to 200), got '${value}'`)
  }
  return { episodes, pages }
}

/**
 * The provider of each host mode. PAYMENT_PROVIDER names it for both; PAYMENT_PROVIDER_ADULT and
 * PAYMENT_PROVIDER_NORMAL for one (Stripe's terms exclude adult content). In production every host mode
 * needs a real provider: the sandbox grants access for a test card.
 */
function paymentProvidersOf(env: NodeJS.ProcessEnv): Record<SiteMode, PaymentProviderName> {
  const production = env.NODE_ENV === 'production'
  const named = (variable: string, value: string | undefined): PaymentProviderName | undefined => {
    if (value === undefined || value === '') return undefined
    if (!(PAYMENT_PROVIDER_NAMES as readonly string[]).includes(value)) {
      throw new Error(`${variable} must be one of ${PAYMENT_PROVIDER_NAMES.join(', ')}, got '${value}'`)
    }
    return value as PaymentProviderName
  }
  const both = named('PAYMENT_PROVIDER', env.PAYMENT_PROVIDER)
  const providers = {
    adult: named('PAYMENT_PROVIDER_ADULT', env.PAYMENT_PROVIDER_ADULT) ?? both,
    normal: named('PAYMENT_PROVIDER_NORMAL', env.PAYMENT_PROVIDER_NORMAL) ?? both,
  }
  for (const mode of ['adult', 'normal'] as const) {
    const provider = providers[mode]
    if (production && (provider === undefined || provider === 'sandbox')) {
      throw new Error(
        `PAYMENT_PROVIDER must name a real payment provider in production (stripe), got ${provider ? `'${provider}'` : 'none'} for the ${mode} host: the sandbox sells for a test card (PAYMENT_PROVIDER_ADULT and PAYMENT_PROVIDER_NORMAL set one host mode)`,
      )
    }
  }
  return { adult: providers.adult ?? 'sandbox', normal: providers.normal ?? 'sandbox' }
}

function stripeOf(env: NodeJS.ProcessEnv, providers: Record<SiteMode, PaymentProviderName>): StripeSettings | undefined {
  if (providers.adult !== 'stripe' && providers.normal !== 'stripe') return undefined
  const secretKey = env.STRIPE_SECRET_KEY
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET
  if (!secretKey || !/^(sk|rk)_(test|live)_/.test(secretKey)) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY (sk_live_... or sk_test_...)')
  if (!webhookSecret) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET (whsec_..., from the webhook endpoint)')
  if (env.NODE_ENV === 'production' && secretKey.includes('_test_')) {
    throw new Error('PAYMENT_PROVIDER=stripe with a test-mode STRIPE_SECRET_KEY is refused in production: it sells for a test card')
  }
  return { secretKey, webhookSecret, ...(env.STRIPE_API_URL ? { apiUrl: env.STRIPE_API_URL } : {}) }
}

/** Whether `host` (an address or name to listen on) is reachable from this machine only. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase()
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare) || /^::ffff:127(\.\d{1,3}){3}$/.test(bare)
}

/** Reads the configuration from environment variables; every variable has a working local default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const host = env.HOST || '127.0.0.1'
  const port = integer('PORT', env.PORT, 8787)
  const dataDir = resolve(env.DATA_DIR || resolve(packageRoot, '.data'))
  // The sandbox's secret: production never runs the sandbox (see paymentProvidersOf).
  const webhookSecret = env.PAYMENT_WEBHOOK_SECRET || DEV_WEBHOOK_SECRET
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST || undefined
  if (emulatorHost && !isLoopback(host)) {
    throw new Error(
      `FIREBASE_AUTH_EMULATOR_HOST=${emulatorHost} trusts unsigned tokens: refused while HOST=${host} listens beyond loopback (127.0.0.1, ::1, localhost)`,
    )
  }
  const filesSigningSecret = env.FILES_SIGNING_SECRET || (env.NODE_ENV === 'production' ? undefined : DEV_FILES_SIGNING_SECRET)
  if (!filesSigningSecret) throw new Error('FILES_SIGNING_SECRET must be set in production')
  const storageBackend = env.STORAGE_BACKEND || 'local'
  if (storageBackend !== 'local' && storageBackend !== 's3') throw new Error(`STORAGE_BACKEND must be local or s3, got '${storageBackend}'`)
  if (storageBackend === 's3' && !env.S3_BUCKET) throw new Error('STORAGE_BACKEND=s3 needs S3_BUCKET')
  if (storageBackend === 's3' && !env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or neither, for the SDK\'s own credential chain)')
  }
  const paymentProviders = paymentProvidersOf(env)
  const stripe = stripeOf(env, paymentProviders)
  return {
    host,
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    storageBackend,
    filesDir: resolve(env.FILES_DIR || resolve(dataDir, 'files')),
    s3:
      storageBackend === 's3'
        ? {
            endpoint: env.S3_ENDPOINT || undefined,
            bucket: env.S3_BUCKET!,
            region: env.S3_REGION || 'us-east-1',
            accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
            forcePathStyle: flag('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE, false),
          }
        : undefined,
    filesSigningSecret,
    filesPublicUrl: (env.FILES_PUBLIC_URL || '/api/v1/files').replace(/\/+$/, ''),
    allowedOrigins: list(env.ALLOWED_ORIGINS, [
      'http://localhost:5173',
      'http://adult.localhost:5173',
      'http://127.0.0.1:5173',
    ]),
    hosts: {
      // The site's own host settings (VITE_ADULT_HOST, VITE_MIRROR_HOSTS) serve the API too when its own are not set.
      adultHost: env.ADULT_HOST || env.VITE_ADULT_HOST || 'adult.localhost:5173',
      mirrorHosts: list(env.MIRROR_HOSTS ?? env.VITE_MIRROR_HOSTS, ['localhost:5173', '127.0.0.1:5173']),
    },
    publicUrl: (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/+$/, ''),
    firebaseProjectId: env.FIREBASE_PROJECT_ID || 'demo-comics',
    firebaseAuthEmulatorHost: emulatorHost,
    paymentWebhookSecret: webhookSecret,
    paymentProviders,
    stripe,
    sandboxDelayMs: integer('SANDBOX_DELAY_MS', env.SANDBOX_DELAY_MS, 4_000),
    paymentRateLimitPerMinute: integer('PAYMENT_RATE_LIMIT', env.PAYMENT_RATE_LIMIT, 30),
    commentRateLimitScale: positive('COMMENT_RATE_LIMIT_SCALE', env.COMMENT_RATE_LIMIT_SCALE, 1),
    readRateLimitPerMinute: positive('READ_RATE_LIMIT', env.READ_RATE_LIMIT, 600),
    catalogueMissesPerClient: positive('CATALOGUE_MISSES_PER_CLIENT', env.CATALOGUE_MISSES_PER_CLIENT, 4),
    bodyLimitBytes: integer('BODY_LIMIT_BYTES', env.BODY_LIMIT_BYTES, 64 * 1024),
    uploadRequestLimitBytes: integer('UPLOAD_LIMIT_BYTES', env.UPLOAD_LIMIT_BYTES, 100 * 1024 * 1024),
    seedOnFirstStart: env.SEED_ON_FIRST_START !== '0',
    seedEpisodes: positive('SEED_EPISODES', env.SEED_EPISODES, FIRST_START_CATALOGUE.episodes),
    ...(env.SEED_LONG_COMIC ? { seedLongComic: longComic(env.SEED_LONG_COMIC) } : {}),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: proxies(env.TRUST_PROXY),
    migrateOnStart: flag('MIGRATE_ON_START', env.MIGRATE_ON_START, env.NODE_ENV !== 'production'),
    catalogueCacheMaxAgeMs: positive('CATALOGUE_CACHE_MAX_AGE_MS', env.CATALOGUE_CACHE_MAX_AGE_MS, 60_000),
    shutdownTimeoutMs: positive('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 25_000),
  }
}
