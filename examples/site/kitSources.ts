import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Alias } from 'vite'

// The site runs on the kit's sources in its dev server, its build and its tests, so `pnpm dev` needs no
// package build and a change in the kit shows at once. Each package is found as the site's own dependency
// resolves it (node_modules/@comics/*, the workspace's link), through its package.json export: the site
// names the packages it depends on, never a path into the workspace.
const fromSite = createRequire(new URL('./package.json', import.meta.url))

/** The folder of a kit package the site depends on. */
export function kitPackageDir(name: '@comics/core' | '@comics/react'): string {
  return dirname(fromSite.resolve(`${name}/package.json`))
}

const core = kitPackageDir('@comics/core')
const react = kitPackageDir('@comics/react')

/** Each published entry of the kit the site imports, to the source its build (tsup.config.ts) starts from. */
export const kitSourceAliases: Alias[] = [
  { find: /^@comics\/core$/, replacement: join(core, 'src/index.ts') },
  { find: /^@comics\/core\/firebase$/, replacement: join(core, 'src/auth/firebase.ts') },
  { find: /^@comics\/core\/(.*)$/, replacement: join(core, 'src/$1/index.ts') },
  { find: /^@comics\/react$/, replacement: join(react, 'src/index.ts') },
  { find: /^@comics\/react\/policies$/, replacement: join(react, 'src/policies/index.ts') },
]

/** The kit's theme and its components' folder, which `@comics/react/styles.css` is built from. */
export const kitStyleSources = {
  theme: join(react, 'src/styles/base.css'),
  componentsDir: join(react, 'src/components'),
}
