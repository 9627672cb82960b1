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
  },
})
