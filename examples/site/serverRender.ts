import { existsSync, readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Plugin } from 'vite'
import type { PreloadedAnswer } from '../../packages/core/src/api/preloadedCalls'
import { styleAttributeHashes, withStyleAttributes } from './securityHeaders'
import { SERVER_RENDERED_ATTRIBUTE } from './src/app/documentMarks'

/** The server render's module (src/server/renderLanding.tsx) as `pnpm build` writes it: beside dist/. */
export const SERVER_RENDER_ENTRY = 'src/server/renderLanding.tsx'
export const serverRenderDir = (outDir: string) => `${outDir}-server`
export const SERVER_RENDER_FILE = 'renderLanding.js'

/** Where the document takes the answers the server rendered with; the inline script reads them first. */
export const ANSWERS_ELEMENT_ID = 'comics-landing-answers'

/** What the built module exports (see `serverLanding` there). */
interface ServerRenderModule {
  serverLanding(url: string): {
    calls: { key: string; path: string; body: string }[]
    render(answers: [string, PreloadedAnswer][]): Promise<string>
  } | null
}

/** JSON inside a `<script>` element: nothing in it can close the element or open a comment. */
export const jsonInScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * The document of a landing address with the screen rendered into it and the answers it was rendered
 * with (before the first script, which takes them as the kit's preloaded calls).
 */
export function documentWithRender(template: string, html: string, answers: [string, PreloadedAnswer][]): string {
  const root = '<div id="root"></div>'
  const firstScript = template.indexOf('<script')
  if (!template.includes(root) || firstScript < 0) throw new Error('serverRender: index.html has no empty #root or no script')
  const data = `<script type="application/json" id="${ANSWERS_ELEMENT_ID}">${jsonInScript(answers)}</script>\n    `
  const withData = template.slice(0, firstScript) + data + template.slice(firstScript)
  return withData.replace(root, `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${html}</div>`)
}

/** How long the server waits for each of the API's answers before it sends the plain document. */
export const SERVER_CALL_TIMEOUT_MS = 3000

/**
 * POSTs `body` as JSON with the visitor's Host (fetch cannot set it; the API decides the rating mode by
 * it) and reads the answer as the document's calls would: its status and its JSON, null if it has none.
 */
function postJson(url: string, body: string, host: string): Promise<PreloadedAnswer> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest
    const outgoing = send(url, { method: 'POST', headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, timeout: SERVER_CALL_TIMEOUT_MS }, (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('error', reject)
      incoming.on('end', () => {
        let data: unknown = null
        try {
          data = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        } catch {
          // No JSON: the kit's client takes the status alone, as for the document's own calls.
        }
        resolve({ status: incoming.statusCode ?? 0, data })
      })
    })
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer from ${url} in ${SERVER_CALL_TIMEOUT_MS} ms`)))
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

/**
 * `vite preview` answers a guest's landing on the home page, a comic page or the reader with the screen
 * already rendered: it makes the screen's first calls to the API itself (on the server's side of the
 * link, with the visitor's Host, which decides the rating mode) and renders with their answers. Any other
 * address, a render that fails or an API that does not answer gets the built index.html as before.
 */
export function previewServerRender(options: { apiTarget: string; apiBaseUrl: string }): Plugin {
  return {
    name: 'comics-site-preview-server-render',
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir)
      const moduleFile = resolve(serverRenderDir(outDir), SERVER_RENDER_FILE)
      const indexFile = resolve(outDir, 'index.html')
      if (!existsSync(moduleFile) || !existsSync(indexFile)) return
      const template = readFileSync(indexFile, 'utf8')
      const loaded = import(pathToFileURL(moduleFile).href) as Promise<ServerRenderModule>
      const apiBase = /^https?:/.test(options.apiBaseUrl) ? options.apiBaseUrl : `${options.apiTarget}${options.apiBaseUrl}`
      // After Vite's HTML fallback (request.url is /index.html then) and its compression.
      return () => {
        server.middlewares.use(async (request, response, next) => {
          const original = (request as { originalUrl?: string }).originalUrl ?? request.url ?? '/'
          if (request.method !== 'GET' || request.url !== '/index.html') return next()
          try {
            const host = request.headers.host ?? 'localhost'
            const landing = (await loaded).serverLanding(`http://${host}${original}`)
            if (!landing) return next()
            const answers = await Promise.all(
              landing.calls.map(async ({ key, path, body }): Promise<[string, PreloadedAnswer]> => [key, await postJson(`${apiBase}${path}`, body, host)]),
            )
            const html = await landing.render(answers)
            // The policy the security headers set, admitting the render's style attributes.
            const policy = response.getHeader('Content-Security-Policy')
            if (typeof policy === 'string') response.setHeader('Content-Security-Policy', withStyleAttributes(policy, styleAttributeHashes(html)))
            response.setHeader('Content-Type', 'text/html; charset=utf-8')
            response.setHeader('Cache-Control', 'no-cache')
            response.end(documentWithRender(template, html, answers))
          } catch (error) {
            server.config.logger.warn(`server render of ${original} failed, the document goes without it: ${String(error)}`)
            next()
          }
        })
      }
    },
  }
}
