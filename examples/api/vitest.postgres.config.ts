import { defineProject, mergeConfig } from 'vitest/config'
import api from './vitest.config'

// The api suite again, on a PostgreSQL 15 cluster that the global setup starts on a loopback port and
// stops afterwards (see test/support/postgres-cluster.ts). The global setup reads the project's `env`,
// so both projects can run in one Vitest process.
export default mergeConfig(
  api,
  defineProject({
    test: { name: 'api-postgres', env: { API_TEST_DATABASE: 'postgres' } },
  }),
)
