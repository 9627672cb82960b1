import { readFile, writeFile } from 'node:fs/promises'
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
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name)
          const source = await readFile(path)
          if (source.length < MIN_BYTES) return
          const [br, gz] = await Promise.all([brotli(source), gzip(source)])
          if (br.length < source.length) await writeFile(`${path}.br`, br)
          if (gz.length < source.length) await writeFile(`${path}.gz`, gz)
        }),
      )
    },
  }
}
