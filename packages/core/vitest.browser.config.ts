import { defineProject } from 'vitest/config'
import { playwright } from '@vitest/browser-playwright'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@comics/test-stack/chromium'
import { workspaceAliases } from '../../vitest.shared'

// Core's browser-only capabilities (the download store over Cache Storage and navigator.storage) in
// Debian's Chromium, launched by path.
export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'core-browser',
    include: ['test/browser/**/*.test.ts'],
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS } }),
      instances: [{ browser: 'chromium' }],
      screenshotFailures: false,
    },
  },
})
