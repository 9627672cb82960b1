import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** One chunk of the browser build's manifest (`build.manifest`, dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  css?: string[]
}

/** The manifest: each chunk under its source module's path from the site's root. */
export type BuildManifest = Record<string, ManifestChunk>

/** Where `vite build` writes the manifest in the browser build. */
export const MANIFEST_FILE = '.vite/manifest.json'

export function readBuildManifest(distDir: string): BuildManifest {
  const file = join(distDir, MANIFEST_FILE)
  if (!existsSync(file)) throw new Error(`siteServer: no ${MANIFEST_FILE} in ${distDir} (the site's build writes it: build.manifest)`)
  return JSON.parse(readFileSync(file, 'utf8')) as BuildManifest
}

/** A chunk and the chunks it imports statically, transitively (the files it needs before it runs). */
function closure(manifest: BuildManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen)
  return seen
}

/** What the server's document preloads for one request. */
export interface PreloadsFor {
  /** The screen's module (a LazyScreen's `module`), if the address shows one. */
  screen?: string
  /**
   * False when the server rendered the screen with its first queries: the page then makes no call
   * before it has run. True otherwise: the kit's client loads its HTTP library with the first call.
   */
  callsFirst: boolean
}

/**
 * The `<link>` tags a document gets in its head, computed from the build's manifest: `modulepreload`
 * for the chunks of the screen the address shows that the entry does not load already (and their
 * stylesheets), so they download beside the entry instead of after it; and for a page whose first calls
 * the browser makes, the chunks of the kit's HTTP client (axios and core's contract checks, which it
 * imports with its first request). The screen's largest image needs none from here: React's server render writes a preload for
 * an `<img fetchPriority="high">` itself, with the image's own srcset and sizes, ahead of the markup
 * (so the two are one download). `crossorigin` as Vite's own tags, so that the module
 * loader takes the preloaded responses. Throws at once when a screen has no chunk in the manifest.
 */
export function createPreloads(manifest: BuildManifest, screens: readonly string[], base = '/') {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('.html'))
  if (!entryKey) throw new Error('siteServer: the manifest has no HTML entry')
  const loadedByEntry = closure(manifest, entryKey)
  const entryCss = new Set([...loadedByEntry].flatMap((key) => manifest[key]!.css ?? []))
  const tagsOf = (key: string) => {
    const keys = [...closure(manifest, key)].filter((candidate) => !loadedByEntry.has(candidate))
    const scripts = keys.map((candidate) => `<link rel="modulepreload" crossorigin href="${base}${manifest[candidate]!.file}">`)
    const styles = [...new Set(keys.flatMap((candidate) => manifest[candidate]!.css ?? []))]
      .filter((file) => !entryCss.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`)
    return [...styles, ...scripts]
  }
  const screenTags = new Map<string, string[]>()
  for (const screen of screens) {
    if (!manifest[screen]) throw new Error(`siteServer: no chunk for ${screen} in the build's manifest`)
    screenTags.set(screen, tagsOf(screen))
  }
  // axios and the contract's checks (zod and the schemas), which the kit's client imports with its first
  // request that goes out.
  const clientKey = Object.keys(manifest).find((key) => manifest[key]!.isDynamicEntry && /(^|\/)node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?axios\//.test(key))
  if (!clientKey) throw new Error("siteServer: no chunk for axios in the build's manifest, which the kit loads with its first request")
  const contractKey = Object.keys(manifest).find((key) => manifest[key]!.isDynamicEntry && /(^|\/)packages\/core\/(?:src\/api|dist)\/endpointContract(?:-[\w-]+)?\.[cm]?[jt]s$/.test(key))
  if (!contractKey) throw new Error("siteServer: no chunk for @comics/core's contract checks (endpointContract) in the build's manifest, which the kit loads with its first request")
  const clientTags = [...new Set([...tagsOf(clientKey), ...tagsOf(contractKey)])]

  return function preloadsFor({ screen, callsFirst }: PreloadsFor): string[] {
    const tags = [...((screen && screenTags.get(screen)) ?? [])]
    if (callsFirst) tags.push(...clientTags)
    return tags
  }
}
