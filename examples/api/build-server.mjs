// Bundles the server (src/main.ts) into dist/ for `pnpm --filter api start`, and the release step
// (src/scripts/migrate.ts) for `pnpm --filter api migrate`: the server's own code,
// @comics/core's sources and the pure-JavaScript packages it uses (Fastify, drizzle, zod…), loaded by
// plain node without a TypeScript loader or a walk through node_modules for every file, which shortens a
// cold start on an existing data folder (figures in docs/performance.md).
//
// Stay external, loaded from node_modules as installed: PGlite (its WebAssembly and data files sit next
// to its module), sharp (a native addon), pg (its optional native binding) and firebase-admin (loaded
// once the server listens; its Google libraries read files of their own), and the AWS SDK (loaded by the
// S3 storage on first use, never by a server on the local disk). The server's lazily loaded
// parts (token verifier, seed) stay chunks of their own.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { build } from 'esbuild'

const EXTERNAL = ['@electric-sql/pglite', 'sharp', 'pg', 'firebase-admin', '@aws-sdk']
const isExternal = (specifier) => EXTERNAL.some((name) => specifier === name || specifier.startsWith(`${name}/`))

const started = Date.now()
const outdir = resolve('dist')
const result = await build({
  entryPoints: { main: 'src/main.ts', migrate: 'src/scripts/migrate.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Bundled CommonJS packages require Node's modules (and the external packages): ESM has no `require`.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  // Files are written below, each replaced atomically: a server starting at the same moment from the
  // same folder (two test runs, say) reads the old file or the new one, never half of one.
  write: false,
  logLevel: 'warning',
  tsconfig: 'tsconfig.json',
  plugins: [
    {
      name: 'external-packages',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) => (isExternal(args.path) ? { path: args.path, external: true } : undefined))
      },
    },
  ],
})
const written = new Set()
for (const file of result.outputFiles) {
  written.add(basename(file.path))
  let current
  try {
    current = readFileSync(file.path)
  } catch {
    current = undefined
  }
  if (current && Buffer.compare(current, file.contents) === 0) continue
  mkdirSync(dirname(file.path), { recursive: true })
  const temporary = `${file.path}.${process.pid}.tmp`
  writeFileSync(temporary, file.contents)
  renameSync(temporary, file.path)
}
// Chunks of earlier builds go once they are ten minutes old (a server started from an earlier build a
// moment ago may still be loading them).
for (const name of readdirSync(outdir)) {
  const path = join(outdir, name)
  if (!written.has(name) && Date.now() - statSync(path).mtimeMs > 10 * 60_000) rmSync(path, { force: true })
}
console.log(`api: server bundled into dist/ in ${Date.now() - started} ms`)
