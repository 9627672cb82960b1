import { readdir, readFile, writeFile } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib'
import type { Plugin } from 'vite'

const compress = promisify(brotliCompress)
const gzipCompress = promisify(gzipCallback)

/** The built files worth a compressed copy, by extension, with the type they are served as. */
export const PRECOMPRESSED_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
}
/** gzip at its highest level, for the clients that do not take Brotli. */
export const gzip = (source: Buffer | string) => gzipCompress(source, { level: constants.Z_BEST_COMPRESSION })

/** Smaller files gain less than the header costs. */
const MIN_BYTES = 1024

/** Brotli at its highest quality: done once per build, where it costs seconds, never per request. */
export const brotli = (source: Buffer | string) =>
  compress(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(source),
    },
  })

/**
 * The scripts and stylesheets of the build in Brotli and gzip (`{file}.br` and `{file}.gz` beside each),
 * which the site's server (src/server/siteServer.ts, @fastify/static's preCompressed) sends by the
 * request's Accept-Encoding instead of compressing on every request. Files under the assets folder only:
 * their names carry their content hash, so a compressed copy can never be stale.
 */
export function precompressAssets(): Plugin {
  let outDir = ''
  let assetsDir = ''
  return {
    name: 'comics-site-precompress-assets',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
      assetsDir = config.build.assetsDir
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => name.startsWith(`${assetsDir}/`) && extname(name) in PRECOMPRESSED_TYPES)
      await Promise.all(files.map((name) => compressBeside(join(outDir, name))))
    },
  }
}

/** Writes `{file}.br` and `{file}.gz` beside `path` when each is smaller than it. */
async function compressBeside(path: string): Promise<void> {
  const source = await readFile(path)
  if (source.length < MIN_BYTES) return
  const [br, gz] = await Promise.all([brotli(source), gzip(source)])
  if (br.length < source.length) await writeFile(`${path}.br`, br)
  if (gz.length < source.length) await writeFile(`${path}.gz`, gz)
}

/**
 * The route manifest (`assets/manifest-{hash}.js`, every route of the site, about 15 kB) in Brotli and gzip:
 * React Router writes it into the browser's files during the server's build, after the browser's build
 * (and precompressAssets) has run, so this runs once the server's build is written.
 */
export function precompressRouteManifest(clientDir: string): Plugin {
  return {
    name: 'comics-site-precompress-route-manifest',
    apply: 'build',
    async closeBundle() {
      const assets = join(clientDir, 'assets')
      const names = (await readdir(assets)).filter((name) => /^manifest-[\w-]+\.js$/.test(name))
      await Promise.all(names.map((name) => compressBeside(join(assets, name))))
    },
  }
}
