import { defineProject } from 'vitest/config'
import { workspaceAliases } from '../../vitest.shared'

/**
 * Integration tests against a real database (PGlite here; vitest.postgres.config.ts runs the same files
 * on PostgreSQL) and the Firebase Auth emulator. One file at a time: each holds a database in memory.
 */
export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'api',
    environment: 'node',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    globalSetup: ['@comics/auth-emulator/global-setup', './test/support/database-global-setup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
