import { defineConfig } from 'tsup'

// One entry for the kit: it is components over shared context, so splitting it would only add chunks.
// The policy texts are the exception: plain functions of core's constants, several kB gzipped, needed
// only by the policy screens, so they are their own entry, '@comics/react/policies'.
// 'use client' stays at the top of dist/index.js and dist/index.cjs because esbuild keeps the entry
// file's own directives; rollup tree shaking (`treeshake: true`) would strip them, so it stays off.
// scripts/build-styles.mjs fails the build if the directive is missing.
export default defineConfig({
  entry: { index: 'src/index.ts', policies: 'src/policies/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime', '@tanstack/react-query', '@comics/core', 'embla-carousel-react'],
  // The stylesheet is assembled by scripts/build-styles.mjs; components import no CSS from JS.
  loader: { '.css': 'empty' },
})
