import { randomBytes } from 'node:crypto'
import { DEFAULT_READER_SETTINGS, READER_SETTINGS_STORAGE_KEY, STORAGE_KEYS } from '@comics/core'
import { COOKIE_CHOICE_ATTRIBUTE } from '@comics/react'
import { CLIENT_RENDER_ATTRIBUTE, QUERY_CACHE_ELEMENT_ID, SERVER_RENDERED_ATTRIBUTE, SITE_CONFIG_ELEMENT_ID } from '../app/documentMarks'

/** JSON inside a `<script>` element: nothing in it can close the element or open a comment. */
export const jsonInScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** Where index.html takes the tags the server computes for each request (src/server/preloads.ts). */
export const PRELOADS_MARKER = '<!-- route-preloads -->'

/** `template` with `tags` at its preloads marker (each on a line of its own). */
export function documentWithPreloads(template: string, tags: readonly string[]): string {
  if (!template.includes(PRELOADS_MARKER)) throw new Error(`siteServer: index.html has no ${PRELOADS_MARKER}`)
  return template.replace(PRELOADS_MARKER, () => tags.join('\n    '))
}

const STYLESHEET_LINK = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g

/**
 * The built `template` with its stylesheets moved up to the preloads marker, ahead of every script and
 * module preload the build wrote after it. On HTTP/1.1 a browser opens six connections to the origin: the
 * first requests it finds take them, so the one file the first paint waits for (the stylesheet) is asked
 * for first instead of waiting for a connection behind the scripts, which the first paint does not need.
 */
export function documentStylesFirst(template: string): string {
  if (!template.includes(PRELOADS_MARKER)) throw new Error(`siteServer: index.html has no ${PRELOADS_MARKER}`)
  const styles = template.match(STYLESHEET_LINK)?.map((tag) => tag.trim()) ?? []
  if (styles.length === 0) return template
  return template.replace(STYLESHEET_LINK, '').replace(PRELOADS_MARKER, () => `${styles.join('\n    ')}\n    ${PRELOADS_MARKER}`)
}

const MODULE_SCRIPT_TAG = /<((?:link rel="modulepreload"|script type="module")(?![^>]*fetchpriority)[^>]*)>/g

/**
 * A server-rendered document's module scripts and their preloads asked for at low priority: its first
 * paint is the server's markup, which needs the stylesheet and the page's largest image, not the app.
 * A browser gives those the connections and the link first, and the scripts follow; a document the app
 * renders alone keeps its scripts at their usual priority, since its first paint waits for them.
 */
export function documentScriptsAfterPaint(html: string): string {
  return html.replace(MODULE_SCRIPT_TAG, '<$1 fetchpriority="low">')
}

const LEADING_IMAGE_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*\/>)+/

/**
 * The image preloads React's server render writes at the start of its markup (for an image rendered with
 * `fetchPriority="high"`: the reader's first page, a comic's cover), taken out of it to go in the head:
 * in the body they are found only once the head's scripts and preloads are read, and the page's largest
 * image waits behind the scripts for a connection.
 */
export function splitImagePreloads(html: string): { preloads: string[]; html: string } {
  const leading = LEADING_IMAGE_PRELOADS.exec(html)?.[0]
  if (!leading) return { preloads: [], html }
  return { preloads: leading.match(/<link [^>]*\/>/g) ?? [], html: html.slice(leading.length) }
}

/**
 * Marks `<html>` with CLIENT_RENDER_ATTRIBUTE before the body paints when the page's storage holds a
 * token (the session store's key): the guest's markup is then hidden (src/site.css) until the app renders
 * the reader's own. The server renders a guest's page only without the signed-in cookie; this covers a
 * session that has none yet.
 */
const SIGNED_IN_BEFORE_RENDER = `try{if(JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.authToken)})||'null'))document.documentElement.setAttribute(${JSON.stringify(CLIENT_RENDER_ATTRIBUTE)},'')}catch(e){}`

/**
 * Marks `<html>` with the kit's COOKIE_CHOICE_ATTRIBUTE before the body paints when the page's storage
 * holds a cookie choice (core's consent store: JSON or a bare word): the banner the server renders with
 * every page, for it cannot see the choice, is then never painted for a visitor who made one.
 */
const COOKIE_CHOICE_BEFORE_RENDER = `try{var c=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.consent)});try{c=JSON.parse(c)}catch(e){}if(c==='accepted'||c==='rejected')document.documentElement.setAttribute(${JSON.stringify(COOKIE_CHOICE_ATTRIBUTE)},'')}catch(e){}`

/**
 * The banner's Accept and Reject work from the first paint, before the app has started: a choice tapped
 * then is stored as core's consent store stores it (JSON) and marks the root, so the kit's CSS hides the
 * banner at once; the app reads the stored choice when it starts. Once the app runs, its own handlers make
 * the same choice, and this one writes the same value again.
 */
const COOKIE_CHOICE_BEFORE_APP = `document.addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('.comics-cookie-banner__accept,.comics-cookie-banner__reject');if(!b)return;try{localStorage.setItem(${JSON.stringify(STORAGE_KEYS.consent)},JSON.stringify(b.classList.contains('comics-cookie-banner__accept')?'accepted':'rejected'))}catch(x){}document.documentElement.setAttribute(${JSON.stringify(COOKIE_CHOICE_ATTRIBUTE)},'')});`

/**
 * On the reader, the same when the page's storage holds reader settings other than the defaults (core's
 * reader-settings store): the server rendered the defaults' layout, which the settings would move after
 * the first paint; the app renders the reader with them instead.
 */
const READER_SETTINGS_BEFORE_RENDER = `try{var r=JSON.parse(localStorage.getItem(${JSON.stringify(READER_SETTINGS_STORAGE_KEY)})||'null'),d=${JSON.stringify(DEFAULT_READER_SETTINGS)};if(r&&Object.keys(d).some(function(k){return r[k]!==d[k]}))document.documentElement.setAttribute(${JSON.stringify(CLIENT_RENDER_ATTRIBUTE)},'')}catch(e){}`

/**
 * The document of a server-rendered address: `html` in #root, marked, and the kit's query cache it was
 * rendered with (`dehydrate`'s), before the first script, for the page's cache (src/main.tsx).
 */
export function documentWithRender(
  template: string,
  html: string,
  queries: unknown,
  rootAttributes: readonly string[] = [],
  options: { reader?: boolean } = {},
): string {
  const root = '<div id="root"></div>'
  const firstScript = template.indexOf('<script')
  if (!template.includes(root) || firstScript < 0) throw new Error('siteServer: index.html has no empty #root or no script')
  const data = `<script type="application/json" id="${QUERY_CACHE_ELEMENT_ID}">${jsonInScript(queries)}</script>\n    <script>${SIGNED_IN_BEFORE_RENDER}${COOKIE_CHOICE_BEFORE_RENDER}${COOKIE_CHOICE_BEFORE_APP}${options.reader ? READER_SETTINGS_BEFORE_RENDER : ''}</script>\n    `
  const withData = template.slice(0, firstScript) + data + template.slice(firstScript)
  return withData.replace(root, () => `<div id="root" ${[SERVER_RENDERED_ATTRIBUTE, ...rootAttributes].join(' ')}>${html}</div>`)
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
