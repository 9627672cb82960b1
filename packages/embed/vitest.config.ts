import { defineProject } from 'vitest/config'
import { workspaceAliases } from '../../vitest.shared'

// The element itself is tested in Chromium (its story, the consumer smoke test); here, its pure parts.
export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'embed',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
})
