import { defineProject } from 'vitest/config'

// The static Storybook builds and opens in Chromium without console errors (.storybook/static-build.test.ts).
export default defineProject({
  test: {
    name: 'storybook-static',
    environment: 'node',
    include: ['.storybook/static-build.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
})
