import { defineProject } from 'vitest/config'
import { workspaceAliases } from '../../vitest.shared'

/**
 * Integration tests against a real database (PGlite here; vitest.postgres.config.ts runs those whose outcome
 * can differ on PostgreSQL again there) and the Firebase Auth emulator. Each file has its own database
 * (a copy of the seeded one), its own folders and free ports, so two files run at once, in a group of their
 * own (with the PostgreSQL project): a PGlite database runs on one core, and the rest of the workspace's node
 * projects run one file at a time on a machine of two cores.
 */
export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'api',
    environment: 'node',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    globalSetup: ['@comics/auth-emulator/global-setup', './test/support/database-global-setup.ts'],
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
