import { defineConfig } from 'tsup'

// One entry: the fixtures and the handlers are used together. @comics/core, zod and msw stay external.
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
})
