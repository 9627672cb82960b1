import { defineProject } from 'vitest/config'
import { workspaceAliases } from '../../vitest.shared'

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'core',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // test/browser runs in Chromium (vitest.browser.config.ts): it needs Cache Storage.
    exclude: ['test/auth-emulator/**', 'test/browser/**'],
    // A test that loads the client in a fresh module graph transforms axios and the contract again, which on
    // a busy machine can take longer than Vitest's default 5 s.
    testTimeout: 20_000,
  },
})
