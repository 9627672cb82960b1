import { readFile } from 'node:fs/promises'
import { defineConfig, type Options } from 'tsup'

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number]

/** `import css from '…?raw'` (Vite's spelling, used by Storybook too) as the file's text. */
const rawText: EsbuildPlugin = {
  name: 'raw-text',
  setup(build) {
    build.onResolve({ filter: /\?raw$/ }, async (args) => {
      const resolved = await build.resolve(args.path.slice(0, -'?raw'.length), { kind: args.kind, resolveDir: args.resolveDir })
      if (resolved.errors.length > 0) return { errors: resolved.errors }
      // Not a .css path any more: tsup's own stylesheet handling must not take it.
      return { path: `${resolved.path}?raw`, namespace: 'raw-text' }
    })
    build.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => {
      const path = args.path.slice(0, -'?raw'.length)
      const text = await readFile(path, 'utf8')
      // A stylesheet ships minified: its comments are for the kit's readers, not a partner's page.
      const contents = path.endsWith('.css') ? (await build.esbuild.transform(text, { loader: 'css', minify: true })).code : text
      return { contents, loader: 'text', watchFiles: [path] }
    })
  },
}

// One self-contained ES module for a `<script type="module">`: React, TanStack Query, the kit and its
// stylesheet are bundled in (React's production build), nothing is split into chunks (axios, which the
// API client imports on its first request, is inlined), and the declarations are the element's own.
export default defineConfig({
  entry: { 'comics-reader': 'src/index.ts' },
  format: ['esm'],
  platform: 'browser',
  target: 'es2022',
  dts: true,
  sourcemap: true,
  clean: true,
  minify: true,
  splitting: false,
  noExternal: [/.*/],
  define: { 'process.env.NODE_ENV': '"production"' },
  esbuildPlugins: [rawText],
})
