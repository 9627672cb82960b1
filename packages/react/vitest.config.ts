import { defineProject } from 'vitest/config'
import { workspaceAliases } from '../../vitest.shared'

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'react',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    restoreMocks: true,
    // Above the 5 s that `findBy*` and `waitFor` may wait (test/setup.ts), so a slow wait fails as itself.
    testTimeout: 20_000,
  },
})
