import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// The root test configuration: it names every project of the workspace. The README's test command
// passes this file as the config (Vitest 4 ignores a file of this name otherwise).
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export const workspaceAliases = [
  { find: /^@comics\/core$/, replacement: here('./packages/core/src/index.ts') },
  { find: /^@comics\/core\/(.*)$/, replacement: here('./packages/core/src/$1/index.ts') },
  { find: /^@comics\/mocks$/, replacement: here('./packages/mocks/src/index.ts') },
]

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: workspaceAliases },
        test: {
          name: 'core',
          root: here('./packages/core'),
          environment: 'node',
          include: ['test/**/*.test.ts'],
        },
      },
    ],
  },
})
