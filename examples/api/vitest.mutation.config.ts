import { defineProject } from 'vitest/config'
import api from './vitest.config'

// The tests that cover the money and access paths, for mutation testing (stryker.config.mjs).
// Not mergeConfig: it would add this list to the api project's `include` (every file) rather than replace it.
export default defineProject({
  ...api,
  test: {
    ...api.test,
    // Without isolation a runner keeps the modules it loaded between runs (figures in docs/reliability.md).
    isolate: false,
    // One worker, and the files of a run on one server (test/support/test-server.ts, `sharedTestServer`), on
    // PostgreSQL: a database copied from the seeded template is ready sooner than PGlite from its snapshot
    // (measured in docs/reliability.md, "Mutation testing").
    maxWorkers: 1,
    env: { API_TEST_SHARED_SERVER: '1', API_TEST_DATABASE: 'postgres' },
    include: [
      'test/payments.test.ts',
      'test/payment-races.test.ts',
      'test/money-in-flight.test.ts',
      'test/subscription-expiry.test.ts',
      'test/coins.test.ts',
      'test/catalogue.test.ts',
      'test/authorization-matrix.test.ts',
      'test/money-edges.test.ts',
    ],
  },
})
