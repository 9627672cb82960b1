import { defineConfig } from 'tsup'

// Every capability is an entry so that ESM code splitting gives each its own chunk: `index` then only
// re-exports, and with `sideEffects: false` an app's bundler drops the chunks it does not use.
export default defineConfig({
  entry: {
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
  },
  format: ['esm', 'cjs'],
  dts: true,
  splitting: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
  external: ['firebase', 'firebase/app', 'firebase/auth'],
})
