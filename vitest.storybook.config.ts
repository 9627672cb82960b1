import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'
import { playwright } from '@vitest/browser-playwright'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@comics/test-stack/chromium'
import { workspaceAliases } from './vitest.shared'

// Every story of .storybook is a test in Chromium (Debian's, launched by path: no browser download):
// it renders the story with its loaders and decorators, runs its play function, then the a11y checks
// (axe), which fail the test on any violation (`parameters.a11y.test = 'error'` in the preview).
export default defineProject({
  plugins: [storybookTest({ configDir: fileURLToPath(new URL('./.storybook', import.meta.url)) })],
  resolve: { alias: workspaceAliases },
  test: {
    name: 'storybook',
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        // Scrollbars as a desktop reader has them (Playwright hides them by default), so that a story can
        // check that a dialog's scroll lock moves nothing.
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, ignoreDefaultArgs: ['--hide-scrollbars'] },
      }),
      instances: [{ browser: 'chromium' }],
      viewport: { width: 1280, height: 800 },
      screenshotFailures: false,
    },
    // Gives play functions the browser's real keyboard and wheel (`realKeys`, `realWheel` in .storybook/stories.ts).
    setupFiles: ['./.storybook/vitest.setup.ts'],
    testTimeout: 30_000,
  },
})
