import { defineConfig } from 'tsup'
import { moduleGranularBuild } from '../../tsup.shared'

// Every capability is a public entry ('@comics/core/rules' and so on; `index` only re-exports them).
const publicEntries = {
  index: 'src/index.ts',
  contract: 'src/contract/index.ts',
  api: 'src/api/index.ts',
  rules: 'src/rules/index.ts',
  site: 'src/site/index.ts',
  stores: 'src/stores/index.ts',
  forms: 'src/forms/index.ts',
  analytics: 'src/analytics/index.ts',
  auth: 'src/auth/index.ts',
  firebase: 'src/auth/firebase.ts',
  offline: 'src/offline/index.ts',
}

// ESM: one file per module (tsup.shared.ts), with `sideEffects: false`, so that an app's bundler takes
// only the modules it uses and puts each in the chunks of the routes that use it (a capability in one
// file put, say, the page-head rules a navigation loads into the site's first load with the host rule).
// CJS: the public entries, split among themselves as before.
export default defineConfig({
  ...moduleGranularBuild(publicEntries),
  splitting: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
  external: ['firebase', 'firebase/app', 'firebase/auth'],
})
