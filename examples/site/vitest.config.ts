import { defineProject } from 'vitest/config'
import { workspaceAliases } from '../../vitest.shared'

// The site's own build-time and routing code, in Node (its screens are covered by the e2e suite).
export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'site',
    root: import.meta.dirname,
    include: ['test/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
})
