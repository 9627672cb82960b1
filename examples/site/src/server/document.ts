import { randomBytes } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { PreloadedAnswer } from '@comics/core'
import { SERVER_RENDERED_ATTRIBUTE, SITE_CONFIG_ELEMENT_ID } from '../app/documentMarks'

/** Where the document takes the answers the server rendered with; the inline script reads them first. */
export const ANSWERS_ELEMENT_ID = 'comics-landing-answers'

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

/** What the server tells the page at run time (see readSiteEnv): where the browser reaches the API. */
export interface RuntimeSiteConfig {
  apiBaseUrl: string
}

/** `template` with the run-time configuration as the first script of its head (read before any other runs). */
export function documentWithConfig(template: string, config: RuntimeSiteConfig): string {
  const firstScript = template.indexOf('<script')
  if (firstScript < 0) throw new Error('siteServer: index.html has no script')
  const element = `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${jsonInScript(config)}</script>\n    `
  return template.slice(0, firstScript) + element + template.slice(firstScript)
}

/** A fresh nonce for one response's Content-Security-Policy (128 random bits). */
export const newNonce = () => randomBytes(16).toString('base64')

/**
 * Every `<script>` element of `html` with the response's nonce: the policy then admits exactly the
 * scripts this response carries, and nothing an injection could add. Applied to the document before the
 * render goes into it: rendered markup never gets a nonce.
 */
export function withScriptNonce(html: string, nonce: string): string {
  return html.replace(/<script(?=[\s>])/gi, `<script nonce="${nonce}"`)
}

/** How long the server waits for each of the API's answers before it sends the plain document. */
export const SERVER_CALL_TIMEOUT_MS = 3000

/**
 * POSTs `body` as JSON with the visitor's Host (fetch cannot set it; the API decides the rating mode by
 * it) and reads the answer as the document's calls would: its status and its JSON, null if it has none.
 */
export function postJson(url: string, body: string, host: string): Promise<PreloadedAnswer> {
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
