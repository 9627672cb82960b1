import type { TokenVerifier } from './auth/token-verifier'
import type { CatalogueCache } from './catalogue/catalogue-cache'
import type { Clock } from './clock'
import type { ApiConfig } from './config'
import type { Database, Notifications } from './db/database'
import type { FileStore } from './files/file-store'
import type { PaymentProvider } from './payments/provider/payment-provider'
import type { PaymentProviders } from './payments/provider/payment-providers'
import type { SandboxProvider } from './payments/sandbox/sandbox-provider'
import type { Renditions } from './files/renditions'
import type { JobQueue } from './jobs/job-queue'

/** What every route and service is built from. */
export interface AppContext {
  config: ApiConfig
  db: Database
  clock: Clock
  /**
   * The real time, for comparing with the identity provider's own timestamps (a token's `auth_time`);
   * defaults to the system clock. `clock` is the business time, which tests and demos move.
   */
  wallClock?: () => Date
  verifier: TokenVerifier
  cache: CatalogueCache
  fileStore: FileStore
  /** The page images' narrower copies; closed with the server. */
  renditions: Renditions
  /** The durable job queue (renditions made ahead, renewals), stopped with the server: running jobs finish or are handed back. */
  jobs?: JobQueue
  /** The payment provider of a server with one (and the default host's of one with several: `providers`). */
  provider: PaymentProvider
  /** The provider of each host mode (PAYMENT_PROVIDER_ADULT, PAYMENT_PROVIDER_NORMAL); `provider` for both when absent. */
  providers?: PaymentProviders
  /** The sandbox provider, when it is the one: its hosted pages are served by this server. */
  sandbox?: SandboxProvider
  /** LISTEN/NOTIFY on the database: catalogue writes here clear the other instances' caches. */
  notifications?: Notifications
  /** Set by the process that runs the server: `stopping` makes /readyz answer 503 while it drains. */
  lifecycle?: { stopping: boolean }
  /**
   * How long closing the server lets the renditions still queued be made before it drops them (they are
   * then made on their first request); without it they are dropped at once.
   */
  finishRenditionsWithinMs?: number
}
