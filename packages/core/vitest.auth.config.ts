import { defineProject } from 'vitest/config'
import { workspaceAliases } from '../../vitest.shared'

// Integration tests of the Firebase adapter against the real Auth emulator: one emulator per run (or the
// one already running), started and stopped by the harness; files run one at a time because they share
// the emulator's accounts.
export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'auth',
    environment: 'node',
    include: ['test/auth-emulator/**/*.test.ts'],
    globalSetup: ['../../tools/auth-emulator/src/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // The emulator answers as fast as the shared machine lets it: a poll waits up to 10 s, not Vitest's 1 s.
    expect: { poll: { timeout: 10_000 } },
  },
})
