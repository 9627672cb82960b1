import { createReadStream, existsSync, statSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants } from 'node:zlib'
import type { Plugin } from 'vite'

const compress = promisify(brotliCompress)

/** The built files worth a compressed copy, by extension, with the type they are served as. */
export const PRECOMPRESSED_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
}
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

const acceptsBrotli = (header: string | string[] | undefined) =>
  String(header ?? '')
    .split(',')
    .some((part) => {
      const [coding, ...params] = part.trim().split(';')
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
      return coding!.trim().toLowerCase() === 'br' && (q === undefined || Number(q.slice(2)) > 0)
    })

/**
 * The scripts and stylesheets of the build in Brotli (`{file}.br` beside each), which `vite preview`
 * sends to browsers that accept it instead of compressing the file with gzip on every request: the
 * entry script is smaller than in gzip (docs/performance.md; a production host serving dist/ should do
 * the same). Files under
 * the assets folder only: their names carry their content hash, so a compressed copy can never be stale.
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
          const compressed = await brotli(source)
          if (compressed.length < source.length) await writeFile(`${path}.br`, compressed)
        }),
      )
    },
    configurePreviewServer(server) {
      const distDir = resolve(server.config.root, server.config.build.outDir)
      const prefix = `/${server.config.build.assetsDir}/`
      const assetsDir = join(distDir, server.config.build.assetsDir) + sep
      server.middlewares.use((request, response, next) => {
        if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.url?.startsWith(prefix)) return next()
        const type = PRECOMPRESSED_TYPES[extname(request.url.split('?')[0]!)]
        if (!type || !acceptsBrotli(request.headers['accept-encoding'])) return next()
        let path: string
        try {
          path = normalize(join(distDir, decodeURIComponent(request.url.split('?')[0]!)))
        } catch {
          return next()
        }
        if (!path.startsWith(assetsDir) || !existsSync(`${path}.br`)) return next()
        const stats = statSync(`${path}.br`)
        // As vite preview's own file server: revalidated with an ETag (of the compressed copy).
        const etag = `W/"br-${stats.size}-${stats.mtime.getTime()}"`
        const vary = response.getHeader('Vary')
        response.setHeader('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
        response.setHeader('ETag', etag)
        response.setHeader('Cache-Control', 'no-cache')
        if (request.headers['if-none-match'] === etag) {
          response.statusCode = 304
          response.end()
          return
        }
        response.setHeader('Content-Type', type)
        response.setHeader('Content-Encoding', 'br')
        response.setHeader('Content-Length', stats.size)
        if (request.method === 'HEAD') {
          response.end()
          return
        }
        createReadStream(`${path}.br`).pipe(response)
      })
    },
  }
}
