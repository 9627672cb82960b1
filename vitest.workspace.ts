import { defineConfig } from 'vitest/config'

// The root test configuration: it names every test project of the workspace. The README's test command
// passes this file as the config (Vitest 4 ignores a file of this name unless it is passed or imported).
export default defineConfig({
  test: {
    projects: [
      './packages/core/vitest.config.ts',
      './packages/core/vitest.auth.config.ts',
      './packages/core/vitest.browser.config.ts',
      './packages/mocks/vitest.config.ts',
      './packages/react/vitest.config.ts',
      './packages/embed/vitest.config.ts',
      './examples/api/vitest.config.ts',
      './examples/api/vitest.postgres.config.ts',
      './vitest.storybook.config.ts',
      './vitest.storybook-static.config.ts',
      './examples/site/vitest.config.ts',
      './examples/site/vitest.e2e.config.ts',
    ],
  },
})
