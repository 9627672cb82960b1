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
    // Two files at a time, in a group of their own: a file's jsdom, setup and kit imports take more of its
    // time than its tests, on one core. In group 0 the node projects go one file at a time (the default on
    // two cores), which left this, the largest of them, on one core (docs/decisions.md, "The test run's time").
    maxWorkers: 2,
    sequence: { groupOrder: 2 },
    // Above the 5 s that `findBy*` and `waitFor` may wait (test/setup.ts), so a slow wait fails as itself.
    testTimeout: 20_000,
  },
})
