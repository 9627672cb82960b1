import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, posix, relative, resolve } from 'node:path'
import { createRequire } from 'node:module'
import type { Options } from 'tsup'

/** esbuild's build, as far as it is used here. */
type EsbuildBuild = (options: Record<string, unknown>) => Promise<{ metafile: { outputs: Record<string, { exports: string[] }> } }>
// The esbuild tsup builds with (a dependency of tsup's, not of the workspace).
const { build: esbuild } = createRequire(createRequire(import.meta.url).resolve('tsup'))('esbuild') as { build: EsbuildBuild }

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number]

/**
 * The entries of a package's ESM build: its public entries (`publicEntries`, named as in its exports) and
 * every other module under src/ (tests and stories left out), named by its path under src/. Run from the
 * package's folder (tsup's working directory).
 */
function moduleEntries(publicEntries: Record<string, string>): Record<string, string> {
  const entries: Record<string, string> = { ...publicEntries }
  const published = new Set(Object.values(publicEntries))
  // esbuild finds a file by its name in any case: with PageTitle.tsx beside it, `./pageTitle` resolved to
  // PageTitle.tsx and the kit's index lost pageTitle. Two modules of one name in two cases fail here.
  const lowerCase = new Map<string, string>()
  for (const file of readdirSync('src', { recursive: true, encoding: 'utf8' }).sort()) {
    const path = `src/${file.split('\\').join('/')}`
    if (!/\.tsx?$/.test(path) || /\.(?:test|stories)\.tsx?$/.test(path) || path.endsWith('.d.ts')) continue
    const name = path.slice('src/'.length).replace(/\.tsx?$/, '')
    const clash = lowerCase.get(name.toLowerCase())
    if (clash) throw new Error(`${clash} and ${path} differ only in case: esbuild would resolve one for the other; rename one`)
    lowerCase.set(name.toLowerCase(), path)
    if (!published.has(path)) entries[name] = path
  }
  return entries
}

const EXPORT_ALL = /^export\s*\*\s*from\s*(['"])(\.\.?\/[^'"]*)\1;?[ \t]*$/gm

/** The names a module exports at run time (its types left out), as esbuild bundles it. */
async function valueExports(path: string): Promise<string[]> {
  const result = await esbuild({ entryPoints: [path], bundle: true, write: false, metafile: true, format: 'esm', packages: 'external', loader: { '.css': 'empty' }, logLevel: 'silent' })
  return Object.values(result.metafile.outputs)[0]?.exports ?? []
}

/**
 * A client module's `export * from` spelled as the names it re-exports: Next.js refuses `export *` in a
 * 'use client' module (it lists a client module's exports for the server without reading further).
 */
async function namedReExports(path: string, source: string): Promise<string> {
  if (!/^\s*(['"])use client\1/.test(source)) return source
  let named = source
  for (const [line, , specifier = ''] of source.matchAll(EXPORT_ALL)) {
    const names = await valueExports(resolve(dirname(path), specifier))
    named = named.replace(line, names.length > 0 ? `export { ${names.join(', ')} } from '${specifier}'` : `export type * from '${specifier}'`)
  }
  return named
}

const RELATIVE_SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.\.?\/[^'"]*)\2/g

/**
 * Each module's relative imports spelled as its built file: `'../../hooks'` in
 * src/components/Reader/Reader.tsx becomes `'../../hooks/index.js'`, and a public entry built beside its
 * folder (src/policies/index.ts as dist/policies.js) reaches its neighbours through the folder.
 */
function builtSpecifiers(outputOf: Map<string, string>): EsbuildPlugin {
  const outputFor = (from: string, specifier: string): string => {
    const base = resolve(dirname(from), specifier)
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
      const output = outputOf.get(candidate)
      if (output !== undefined) return output
    }
    throw new Error(`${from} imports ${specifier}, which is no module of the build`)
  }
  return {
    name: 'built-specifiers',
    setup(build) {
      // The ESM build only (bundle: false, set by the config's esbuildOptions); the CJS build bundles.
      if (build.initialOptions.bundle !== false) return
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        const own = outputOf.get(args.path)
        if (own === undefined) return undefined
        const source = await namedReExports(args.path, readFileSync(args.path, 'utf8'))
        const contents = source.replace(RELATIVE_SPECIFIER, (_, lead: string, quote: string, specifier: string) => {
          let path = posix.relative(posix.dirname(own), outputFor(args.path, specifier))
          if (!path.startsWith('.')) path = `./${path}`
          return `${lead}${quote}${path}.js${quote}`
        })
        return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' }
      })
    },
  }
}

/**
 * A package's build options for a module-granular ESM output and a bundled CJS one.
 *
 * ESM: one file per module, as the sources are laid out (each compiled alone, its relative imports
 * spelled as the built files). An app's bundler cannot split one module across chunks: with a package in
 * one file (or in one file per capability), everything of it that any route uses would travel in the JS
 * every page loads. One file per module lets the app's bundler put each where the app's routes need it,
 * as it does with the sources, and name its chunks after the modules. A module's own directives ('use
 * client') stay at its top.
 *
 * CJS: the public entries bundled, as `cjs` asks (`splitting` as the package chooses). Type declarations
 * for the public entries only, once for both formats.
 */
export function moduleGranularBuild(publicEntries: Record<string, string>): Options {
  const entry = moduleEntries(publicEntries)
  const outputOf = new Map(Object.entries(entry).map(([name, path]) => [resolve(path), name]))
  return {
    entry,
    format: ['esm', 'cjs'],
    esbuildOptions(options, { format }) {
      if (format === 'cjs') {
        options.entryPoints = publicEntries
      } else {
        options.bundle = false
        options.splitting = false
      }
    },
    esbuildPlugins: [builtSpecifiers(outputOf)],
    dts: { entry: publicEntries },
  }
}
