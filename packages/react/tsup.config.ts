import { defineConfig } from 'tsup'
import { moduleGranularBuild } from '../../tsup.shared'

// The public entries: the kit, and the policy texts (plain functions of core's constants, several kB
// gzipped, needed only by the policy screens) as '@comics/react/policies'.
// ESM: one file per module (tsup.shared.ts), so that an app's bundler splits the kit by route as it splits
// the app. CJS: one file per public entry, as before: a second CJS entry reaching the provider would carry
// a copy of its context.
// 'use client' stays at the top of dist/index.js and dist/index.cjs because esbuild keeps the entry
// file's own directives; rollup tree shaking (`treeshake: true`) would strip them, so it stays off.
// scripts/build-styles.mjs fails the build if the directive is missing.
export default defineConfig({
  ...moduleGranularBuild({ index: 'src/index.ts', policies: 'src/policies/index.ts' }),
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime', '@tanstack/react-query', '@comics/core', 'embla-carousel-react'],
  // The stylesheet is assembled by scripts/build-styles.mjs; components import no CSS from JS.
  loader: { '.css': 'empty' },
})
