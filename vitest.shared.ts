import { fileURLToPath } from 'node:url'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** Tests run against the sources of the workspace packages, not their builds. */
export const workspaceAliases = [
  { find: /^@comics\/core$/, replacement: here('./packages/core/src/index.ts') },
  { find: /^@comics\/core\/firebase$/, replacement: here('./packages/core/src/auth/firebase.ts') },
  { find: /^@comics\/core\/(.*)$/, replacement: here('./packages/core/src/$1/index.ts') },
  { find: /^@comics\/mocks$/, replacement: here('./packages/mocks/src/index.ts') },
  { find: /^@comics\/react$/, replacement: here('./packages/react/src/index.ts') },
  { find: /^@comics\/react\/policies$/, replacement: here('./packages/react/src/policies/index.ts') },
]
