// Home's initial JS by chunk and by package, from a production build of the site and its manifest (no
// browser, no stack): `pnpm exec tsx scripts/bench/initialJs.ts` builds the site into
// bench-results/.cache/initial-js-dist and prints the breakdown; `--reuse` reads an existing build.
// The bench's page loads measure what Chromium requests; this is the manifest walk behind it, for
// finding what a page carries at first paint and where it comes from.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { buildKitPackages } from '@comics/test-stack/kitBuild'
import { startProcessGroup } from '@comics/test-stack/processGroup'
import { addBreakdown, chunkBreakdown, gzipSize } from './dependencyBreakdown'
import { benchPaths } from './paths'

interface ManifestChunk {
  file: string
  src?: string
  imports?: string[]
  dynamicImports?: string[]
  isEntry?: boolean
}

const { values } = parseArgs({
  options: {
    reuse: { type: 'boolean', default: false },
    page: { type: 'string', default: 'src/screens/HomeScreen.tsx' },
    /** How many of the workspace's own source files to list by size (0: none). */
    files: { type: 'string', default: '25' },
  },
})
const distDir = join(benchPaths.cacheDir, 'initial-js-dist')

if (!values.reuse || !existsSync(join(distDir, '.vite/manifest.json'))) {
  await buildKitPackages({ workspaceRoot: benchPaths.workspaceRoot, log: `${distDir}.packages-build.log` })
  const build = startProcessGroup(process.execPath, [join(benchPaths.siteRoot, 'node_modules/vite/bin/vite.js'), 'build', '--manifest', '--outDir', distDir, '--emptyOutDir'], {
    cwd: benchPaths.siteRoot,
    log: `${distDir}.build.log`,
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if ((await build.exit) !== 0) throw new Error(`The site build failed:\n${build.output()}`)
}

const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>

/** The chunks a manifest key loads before it runs: itself and its static imports, in load order. */
function staticChunks(key: string, into = new Map<string, ManifestChunk>()): Map<string, ManifestChunk> {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`No '${key}' in the site's build manifest (keys: ${Object.keys(manifest).slice(0, 20).join(', ')}…)`)
  if (into.has(chunk.file)) return into
  into.set(chunk.file, chunk)
  for (const imported of chunk.imports ?? []) staticChunks(imported, into)
  return into
}

// The document's entries (index.html's script and any other entry it starts), then the page's screen.
const chunks = new Map<string, ManifestChunk>()
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) staticChunks(key, chunks)
if (manifest[values.page]) staticChunks(values.page, chunks)
else console.warn(`(no '${values.page}' in the manifest: the document's entries only)`)

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
const byPackage = new Map<string, number>()
let total = 0
console.log(`Initial JS of ${values.page} (gzip, level 9), by chunk:`)
for (const chunk of chunks.values()) {
  const file = join(distDir, chunk.file)
  const gzip = gzipSize(readFileSync(file))
  total += gzip
  const shares = chunkBreakdown(file)
  addBreakdown(byPackage, shares)
  const top = [...shares].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([name, bytes]) => `${name} ${kB(bytes)}`)
  console.log(`  ${kB(gzip).padStart(9)}  ${chunk.file}${chunk.src ? ` (${chunk.src})` : ''}: ${top.join(', ')}`)
}
console.log(`  ${kB(total).padStart(9)}  in all\nBy package:`)
for (const [name, bytes] of [...byPackage].sort((a, b) => b[1] - a[1])) console.log(`  ${kB(bytes).padStart(9)}  ${name}`)

// The workspace's own part, file by file (packages/* and examples/*), where a cut is ours to make.
const workspaceFile = (source: string) => /(?:^|\/)((?:packages|examples)\/[^/]+\/.*)$/.exec(source)?.[1] ?? '(libraries)'
const byFile = new Map<string, number>()
for (const chunk of chunks.values()) addBreakdown(byFile, chunkBreakdown(join(distDir, chunk.file), workspaceFile))
const files = [...byFile].filter(([name]) => !name.startsWith('(')).sort((a, b) => b[1] - a[1])
if (Number(values.files) > 0) {
  console.log(`The workspace's files (${kB(files.reduce((sum, [, bytes]) => sum + bytes, 0))}), the largest ${values.files}:`)
  for (const [name, bytes] of files.slice(0, Number(values.files))) console.log(`  ${kB(bytes).padStart(9)}  ${name}`)
}
