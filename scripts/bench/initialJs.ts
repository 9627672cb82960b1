// A page's initial JS by chunk and by package, from a production build of the site and React Router's
// manifest (no browser, no stack): `pnpm exec tsx scripts/bench/initialJs.ts [--page routes/home]` builds
// the site (react-router build) into bench-results/.cache/initial-js-dist and prints the breakdown of what
// the page's document preloads; `--reuse` reads an existing build. --page is a route module of
// src/routes.ts (routes/home.tsx or routes/home). The bench's page loads measure what Chromium requests;
// this is the framework's list behind it, for finding what a page carries at first paint and where it
// comes from.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { buildKitPackages } from '@comics/test-stack/kitBuild'
import { startProcessGroup } from '@comics/test-stack/processGroup'
import { BUILD_DIR_VARIABLE, clientDir, REACT_ROUTER_CLI, serverFile } from '@comics/test-stack/siteBuild'
import { addBreakdown, chunkBreakdown, gzipSize } from './dependencyBreakdown'
import { benchPaths } from './paths'
import { documentFiles, readRouterManifest, routeIdOf } from './routerManifest'

const { values } = parseArgs({
  options: {
    reuse: { type: 'boolean', default: false },
    page: { type: 'string', default: 'routes/home.tsx' },
    /** How many of the workspace's own source files to list by size (0: none). */
    files: { type: 'string', default: '25' },
  },
})
const buildDir = join(benchPaths.cacheDir, 'initial-js-dist')

if (!values.reuse || !existsSync(serverFile(buildDir))) {
  await buildKitPackages({ workspaceRoot: benchPaths.workspaceRoot, log: `${buildDir}.packages-build.log` })
  // Emptied first: outside the site's folder the build would leave the last build's chunks beside its own.
  rmSync(buildDir, { recursive: true, force: true })
  const build = startProcessGroup(process.execPath, [join(benchPaths.siteRoot, REACT_ROUTER_CLI), 'build'], {
    cwd: benchPaths.siteRoot,
    log: `${buildDir}.build.log`,
    env: { ...process.env, NODE_ENV: 'production', [BUILD_DIR_VARIABLE]: buildDir },
  })
  if ((await build.exit) !== 0) throw new Error(`The site build failed:\n${build.output()}`)
}

const routeId = routeIdOf(values.page)
// The document's scripts in its order: React Router's manifest, the browser entry, the route chain.
const named = documentFiles(readRouterManifest(buildDir), routeId)
const chunks = named.scripts.map((url) => ({ url, owner: named.scriptOwners.get(url)!, file: join(clientDir(buildDir), url) }))

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
const byPackage = new Map<string, number>()
let total = 0
console.log(`Initial JS of ${routeId} (gzip, level 9), by chunk (as its document preloads them):`)
for (const chunk of chunks) {
  const file = chunk.file
  const gzip = gzipSize(readFileSync(file))
  total += gzip
  const shares = chunkBreakdown(file)
  addBreakdown(byPackage, shares)
  const top = [...shares].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([name, bytes]) => `${name} ${kB(bytes)}`)
  console.log(`  ${kB(gzip).padStart(9)}  ${chunk.url} (${chunk.owner}): ${top.join(', ')}`)
}
console.log(`  ${kB(total).padStart(9)}  in all\nBy package:`)
for (const [name, bytes] of [...byPackage].sort((a, b) => b[1] - a[1])) console.log(`  ${kB(bytes).padStart(9)}  ${name}`)

// The workspace's own part, file by file (packages/* and examples/*), where a cut is ours to make.
const workspaceFile = (source: string) => /(?:^|\/)((?:packages|examples)\/[^/]+\/.*)$/.exec(source)?.[1] ?? '(libraries)'
const byFile = new Map<string, number>()
for (const chunk of chunks) addBreakdown(byFile, chunkBreakdown(chunk.file, workspaceFile))
const files = [...byFile].filter(([name]) => !name.startsWith('(')).sort((a, b) => b[1] - a[1])
if (Number(values.files) > 0) {
  console.log(`The workspace's files (${kB(files.reduce((sum, [, bytes]) => sum + bytes, 0))}), the largest ${values.files}:`)
  for (const [name, bytes] of files.slice(0, Number(values.files))) console.log(`  ${kB(bytes).padStart(9)}  ${name}`)
}
