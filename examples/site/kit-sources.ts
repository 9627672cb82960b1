import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Alias, Plugin } from 'vite'

// The site runs on the kit's sources, as the workspace tests do, so `pnpm dev` needs no package build
// and a change in packages/ shows at once.
const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url))
const fromRoot = (path: string) => join(workspaceRoot, path)

export const kitSourceAliases: Alias[] = [
  { find: /^@comics\/core$/, replacement: fromRoot('packages/core/src/index.ts') },
  { find: /^@comics\/core\/firebase$/, replacement: fromRoot('packages/core/src/auth/firebase.ts') },
  { find: /^@comics\/core\/(.*)$/, replacement: fromRoot('packages/core/src/$1/index.ts') },
  { find: /^@comics\/react$/, replacement: fromRoot('packages/react/src/index.ts') },
]

const STYLES_ID = '@comics/react/styles.css'
const RESOLVED_STYLES_ID = '\0comics-react-styles'

/**
 * `import '@comics/react/styles.css'` from the sources: the published file is built by the react
 * package's scripts/build-styles.mjs as the theme (src/styles/base.css) followed by every component's
 * stylesheet in folder order; this module imports the same files in the same order.
 */
export function kitStylesFromSources(): Plugin {
  const componentsDir = fromRoot('packages/react/src/components')
  const stylesheets = () => {
    const files = [fromRoot('packages/react/src/styles/base.css')]
    const folders = readdirSync(componentsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
    for (const folder of folders) {
      for (const name of readdirSync(join(componentsDir, folder)).filter((file) => file.endsWith('.css')).sort()) {
        files.push(join(componentsDir, folder, name))
      }
    }
    return files
  }
  return {
    name: 'comics-kit-styles-from-sources',
    enforce: 'pre',
    resolveId: (id) => (id === STYLES_ID ? RESOLVED_STYLES_ID : undefined),
    load(id) {
      if (id !== RESOLVED_STYLES_ID) return undefined
      // A component landing later shows up after a restart of the dev server.
      this.addWatchFile(componentsDir)
      return stylesheets()
        .map((file) => `import ${JSON.stringify(file)}`)
        .join('\n')
    },
  }
}
