import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { clientDir, serverFile } from '@comics/test-stack/siteBuild'

// The files a document of the framework build names, from React Router's browser manifest: the file
// dist/client/assets/manifest-<version>.js that every document preloads and that sets
// window.__reactRouterManifest. The server's build names it (its assets manifest's url), so the walk
// reads the manifest of the build the server serves, not a stale file left beside it. React Router's
// manifest lists, for the browser entry and each route, the module and every chunk it imports statically
// (already flattened) with its stylesheets: the document's <link rel="modulepreload"> list is the
// manifest's file, the entry's and those of the routes the address matches, root first.
// The build keeps no .vite/manifest.json (the framework removes it unless the site's Vite config asks
// for one), so lazy chunks are found through their source maps (chunkOfSource).

interface ManifestEntry {
  module: string
  imports?: string[]
  css?: string[]
}

interface ManifestRoute extends ManifestEntry {
  id: string
  parentId?: string
}

export interface RouterManifest {
  entry: ManifestEntry
  routes: Record<string, ManifestRoute>
  /** The manifest's own file, e.g. /assets/manifest-bb01ae95.js. */
  url: string
  version: string
}

const MANIFEST_URL = /"url":\s*"(\/assets\/manifest-[^"]+\.js)"/

/** React Router's browser manifest of the build in `buildDir` (the one its server names). */
export function readRouterManifest(buildDir: string): RouterManifest {
  const server = serverFile(buildDir)
  if (!existsSync(server)) throw new Error(`No site server in ${buildDir} (${server})`)
  const url = MANIFEST_URL.exec(readFileSync(server, 'utf8'))?.[1]
  if (!url) throw new Error(`${server} names no /assets/manifest-*.js (React Router's browser manifest)`)
  const text = readFileSync(join(clientDir(buildDir), url), 'utf8').trim()
  const prefix = 'window.__reactRouterManifest='
  if (!text.startsWith(prefix)) throw new Error(`${url} does not set window.__reactRouterManifest`)
  return JSON.parse(text.slice(prefix.length).replace(/;$/, '')) as RouterManifest
}

/** Route id of a route module of src/routes.ts: 'routes/home.tsx' and 'routes/home' are 'routes/home'. */
export const routeIdOf = (file: string) => file.replace(/^(\.\/)?(src\/)?/, '').replace(/\.[jt]sx?$/, '')

/** The route and its parents, root first. */
function routeChain(manifest: RouterManifest, routeId: string): ManifestRoute[] {
  const chain: ManifestRoute[] = []
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id]
    if (!route) throw new Error(`No route '${id}' in React Router's manifest (routes: ${Object.keys(manifest.routes).join(', ')})`)
    chain.unshift(route)
  }
  return chain
}

export interface DocumentFiles {
  /** Script urls the document preloads, in its order: the manifest, the entry, then each route's. */
  scripts: string[]
  /** Which manifest part brought each script first (manifest, entry or a route id). */
  scriptOwners: Map<string, string>
}

/** What a document for `routeId` names: React Router's manifest, its browser entry and the route chain's chunks. */
export function documentFiles(manifest: RouterManifest, routeId: string): DocumentFiles {
  const scripts: string[] = []
  const scriptOwners = new Map<string, string>()
  const add = (owner: string, part: ManifestEntry) => {
    for (const url of [part.module, ...(part.imports ?? [])]) {
      if (scriptOwners.has(url)) continue
      scriptOwners.set(url, owner)
      scripts.push(url)
    }
  }
  scripts.push(manifest.url)
  scriptOwners.set(manifest.url, 'manifest')
  add('entry', manifest.entry)
  for (const route of routeChain(manifest, routeId)) add(route.id, route)
  return { scripts, scriptOwners }
}

/**
 * The chunk (url under /assets) that holds a source module, e.g. a lazy part such as
 * src/comments/ComicReactions.tsx, found by the chunks' source maps: exactly one chunk must list it.
 */
export function chunkOfSource(buildDir: string, sourcePath: string): string {
  const assets = join(clientDir(buildDir), 'assets')
  const holders = readdirSync(assets)
    .filter((name) => name.endsWith('.js.map'))
    .filter((name) => {
      const { sources } = JSON.parse(readFileSync(join(assets, name), 'utf8')) as { sources: string[] }
      return sources.some((source) => source.replace(/\\/g, '/').endsWith(`/${sourcePath}`))
    })
    .map((name) => `/assets/${name.slice(0, -'.map'.length)}`)
  if (holders.length !== 1) throw new Error(`${holders.length} chunks of the site's build hold ${sourcePath}${holders.length ? `: ${holders.join(', ')}` : ''}`)
  return holders[0]!
}
