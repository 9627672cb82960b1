import { defineProject } from 'vitest/config'
import { workspaceAliases } from '../../vitest.shared'

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'auth',
    environment: 'node',
    include: ['test/auth-emulator/**/*.test.ts'],
  },
})
