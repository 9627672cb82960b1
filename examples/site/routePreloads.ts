import { createHash } from 'node:crypto'
import { join } from 'node:path'
import type { Plugin, Rollup } from 'vite'

/**
 * The screens a visitor most often lands on, with the paths that show them (as the site's routes in
 * src/routes/siteRoutes.tsx match them: case-insensitive, an optional trailing slash); each is the
 * module src/screens/{screen}.tsx. Every screen is a lazy chunk; without a hint its chunk is requested
 * only once the entry script has downloaded and run.
 */
export const LANDING_SCREENS: { screen: string; path: RegExp }[] = [
  { screen: 'HomeScreen', path: /^\/?$/i },
  { screen: 'CategoriesScreen', path: /^\/categories\/?$/i },
  // /comic/{id}/uncensored is the comic page; a chapter id is never 'uncensored'.
  { screen: 'ComicScreen', path: /^\/comic\/[^/]+(?:\/uncensored)?\/?$/i },
  { screen: 'ReaderScreen', path: /^\/comic\/[^/]+\/[^/]+(?:\/uncensored)?\/?$/i },
  { screen: 'PremiumScreen', path: /^\/premium\/?$/i },
]

/**
 * The inline script that, while the HTML is parsed, adds `<link rel="modulepreload">` for the chunks of
 * the screen the address shows: they download beside the entry script instead of after it. The first
 * matching pattern wins, as in `LANDING_SCREENS`. `crossorigin` as Vite's own tags, so that the
 * module loader takes the preloaded responses.
 */
export function routePreloadScript(routes: { path: RegExp; files: string[] }[]): string {
  const table = JSON.stringify(routes.map(({ path, files }) => [path.source, path.flags, files]))
  return `for(const[s,f,c]of ${table})if(new RegExp(s,f).test(location.pathname)){for(const h of c){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.append(l)}break}`
}

/** The CSP source (`'sha256-…'`) of each inline `<script>` of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(`'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`)
  }
  return hashes
}

/** Where index.html takes the route preloads script. */
export const PRELOADS_MARKER = '<!-- route-preloads -->'

/** The files a chunk needs before it runs: itself and its static imports, transitively. */
function chunkClosure(bundle: Rollup.OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen
  seen.add(fileName)
  const chunk = bundle[fileName]
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) chunkClosure(bundle, imported, seen)
  return seen
}

/**
 * Build only: puts `routePreloadScript` for `LANDING_SCREENS` in index.html, listing for each screen its
 * chunk and the chunks it imports that the entry does not (those the entry imports are preloaded by
 * Vite's own tags already). The script is inline so that it runs before any request; the site's
 * Content-Security-Policy admits it by its hash (see `inlineScriptHashes` and the preview in
 * vite.config.ts).
 */
export function routePreloads(siteRoot: string): Plugin {
  let base = '/'
  return {
    name: 'comics-site-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle
        if (!bundle) return html
        const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk')
        const entry = chunks.find((chunk) => chunk.isEntry)
        if (!entry) return html
        const loadedByEntry = chunkClosure(bundle, entry.fileName)
        const routes = LANDING_SCREENS.map(({ screen, path }) => {
          const module = join(siteRoot, 'src/screens', `${screen}.tsx`)
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === module)
          if (!chunk) throw new Error(`routePreloads: no chunk for ${screen} (${module})`)
          const files = [...chunkClosure(bundle, chunk.fileName)].filter((file) => !loadedByEntry.has(file))
          return { path, files: files.map((file) => `${base}${file}`) }
        })
        // At the marker of index.html: after <meta charset> (which must come within the first 1024
        // bytes) and before the stylesheet (a classic script after one waits for it to load).
        if (!html.includes(PRELOADS_MARKER)) throw new Error(`routePreloads: index.html has no ${PRELOADS_MARKER}`)
        return html.replace(PRELOADS_MARKER, `<script>${routePreloadScript(routes)}</script>`)
      },
    },
  }
}
