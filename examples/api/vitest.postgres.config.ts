import { defineProject } from 'vitest/config'
import api from './vitest.config'

/**
 * The files of the api suite whose outcome can differ on PostgreSQL, run again on a PostgreSQL 15 cluster
 * that the global setup starts on a loopback port and stops afterwards (see test/support/postgres-cluster.ts).
 * The rest run on PGlite only: the SQL is the same and one connection answers it. A file belongs here when
 * it relies on what only a server has: several connections at once (races, pools, shutdown), several API
 * instances on one database (notifications, shared limits, jobs), the server's own behaviour (migrations on
 * a live cluster, the server going away, triggers, extensions, text PostgreSQL refuses). The global setup
 * reads the project's `env`, so both projects run in one Vitest process.
 */
export const POSTGRES_FILES = [
  // Several connections at once: races decided by row locks and unique indexes.
  'payment-races',
  'money-in-flight',
  'coins',
  'wait-for-free',
  'comments-soak',
  'page-order',
  'reading-sync',
  'graceful-shutdown',
  // Several instances on one database.
  'durable-jobs',
  'cross-instance-cache',
  'shared-rate-limits',
  'sandbox-instances',
  'account-delete',
  // The server's own behaviour.
  'migrations',
  'database-faults',
  'audit-log',
  'account-export',
  'search',
  'bad-input',
  'operability',
  'fuzz',
]

// Not mergeConfig: it would add this list to the api project's `include` rather than replace it.
export default defineProject({
  ...api,
  test: {
    ...api.test,
    name: 'api-postgres',
    env: { API_TEST_DATABASE: 'postgres' },
    include: POSTGRES_FILES.map((file) => `test/${file}.test.ts`),
  },
})
