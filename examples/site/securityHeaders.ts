/**
 * The site's security headers. The site's server sends the full set; the dev
 * server only those that leave Vite's HMR alone (see devSecurityHeaders).
 */

import { createHash } from 'node:crypto'

/** The build's VITE_ variables the policy depends on (the same ones the site reads, see src/config/siteEnv.ts). */
export interface SecurityHeadersEnv {
  VITE_API_BASE_URL?: string
  VITE_FIREBASE_AUTH_DOMAIN?: string
  VITE_AUTH_EMULATOR_URL?: string
  VITE_GA_ID?: string
  VITE_TOKEN_SYNC_URL?: string
  /** Where page images and covers come from when the API serves them from another origin (FILES_PUBLIC_URL). */
  SITE_FILES_ORIGIN?: string
}

/** The origin of an absolute http(s) url, or undefined for a path such as /api/v1. */
function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

const DEFAULT_AUTH_DOMAIN = 'demo-comics.firebaseapp.com'

// Firebase Auth's REST endpoints (sign-in, sign-up, account lookup; token refresh).
const FIREBASE_AUTH_APIS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']
// Firebase's popup sign-in loads gapi.iframes from apis.google.com, which talks to a helper iframe on the
// auth domain (or on the Auth emulator).
const GAPI = 'https://apis.google.com'
// gtag.js and where it sends (only when a measurement id is built in).
const GOOGLE_ANALYTICS = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
}

/** What the policy admits beyond the environment. */
export interface SecurityHeadersOptions {
  /** The response's nonce, which every script element of its document carries (src/entry.server.tsx). */
  scriptNonce?: string
  /**
   * The hashes of the document's inline scripts (`'sha256-…'`, see {@link inlineScriptHashes}), in place of
   * a nonce in a document a shared cache keeps: one response's nonce, sent to every guest, would be known
   * to anyone who asked for the page, where a hash admits exactly the scripts written into it.
   */
  scriptHashes?: readonly string[]
}

/**
 * The Content-Security-Policy of the built site: scripts and styles only from the site itself (the
 * document's inline scripts by the response's nonce; no inline style element: React's style
 * props are set through the CSSOM, which a policy does not govern), data from the site's /api/v1 (and the API's origin when it is absolute),
 * Firebase Auth (its APIs, or the emulator) and the token sync's origin when it is absolute, images from the site, the API's files and data: urls,
 * frames only for Firebase's sign-in helper, no plugins, no <base> elsewhere, never framed.
 */
export function contentSecurityPolicy(env: SecurityHeadersEnv, options: SecurityHeadersOptions = {}): string {
  const apiOrigin = originOf(env.VITE_API_BASE_URL)
  const filesOrigin = originOf(env.SITE_FILES_ORIGIN)
  const emulatorOrigin = originOf(env.VITE_AUTH_EMULATOR_URL)
  const tokenSyncOrigin = originOf(env.VITE_TOKEN_SYNC_URL)
  const authDomainOrigin = `https://${env.VITE_FIREBASE_AUTH_DOMAIN || DEFAULT_AUTH_DOMAIN}`
  const analytics = Boolean(env.VITE_GA_ID)
  const list = (...sources: (string | string[] | false | undefined)[]) =>
    [...new Set(sources.flat().filter((source): source is string => Boolean(source)))].join(' ')

  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list("'self'", options.scriptNonce && `'nonce-${options.scriptNonce}'`, [...(options.scriptHashes ?? [])], GAPI, analytics && GOOGLE_ANALYTICS.script)],
    ['style-src', "'self'"],
    ['img-src', list("'self'", 'data:', 'blob:', apiOrigin, filesOrigin, analytics && GOOGLE_ANALYTICS.img)],
    ['font-src', "'self'"],
    ['connect-src', list("'self'", apiOrigin, emulatorOrigin, tokenSyncOrigin, FIREBASE_AUTH_APIS, analytics && GOOGLE_ANALYTICS.connect)],
    ['frame-src', list(authDomainOrigin, emulatorOrigin)],
    // The site's own service worker (/sw.js) and web app manifest, and nothing else's.
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ]
  return directives.map(([name, value]) => `${name} ${value}`).join('; ')
}

/** Headers of the built site's documents (the site's server, src/server/siteServer.ts). */
export function securityHeaders(env: SecurityHeadersEnv, options: SecurityHeadersOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(env, options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  }
}

/**
 * Headers of the dev server: Vite injects inline scripts (React Refresh) and <style> elements (CSS
 * modules updated in place) and talks to its HMR socket, so only the directives that do not touch them.
 */
export function devSecurityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': "object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  }
}

const HTML_ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' }

/**
 * The policy's sources for the `style` attributes of server-rendered markup (`'sha256-…'` of each value,
 * once): React writes a component's style prop as an attribute there, which `style-src 'self'` refuses,
 * where in the browser it sets it through the CSSOM. Given with `'unsafe-hashes'` in `style-src-attr`,
 * they admit exactly the styles the server rendered and no other.
 */
export function styleAttributeHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(/<[a-z][^>]*?\sstyle="([^"]*)"/gi)) {
    const value = match[1]!.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => HTML_ENTITIES[entity]!)
    hashes.add(`'sha256-${createHash('sha256').update(value, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/**
 * Script types a browser runs (an inline script of another type, such as JSON data, is not checked by the
 * policy). `text/x-module-after-paint` is the framework's module script in a document that starts the app
 * after its first paint: the page runs its text as a module script then (src/app/documentScripts.ts).
 */
const RUN_SCRIPT_TYPES = /^(module|text\/x-module-after-paint|(text|application)\/(java|ecma)script)$/

/**
 * The policy's sources for the inline scripts of a document (`'sha256-…'` of each script's text, once),
 * for a document without a nonce (one a shared cache keeps, see {@link SecurityHeadersOptions}): the text
 * between the tags is the script's own, as the browser hashes it. Scripts with a `src` and data blocks
 * (`application/json`, `application/ld+json`) have none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1]!
    if (/\ssrc\s*=/i.test(attributes)) continue
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.trim().toLowerCase()
    if (type && !RUN_SCRIPT_TYPES.test(type)) continue
    hashes.add(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/** `policy` admitting the style attributes of a server render by their hashes (see {@link styleAttributeHashes}). */
export function withStyleAttributes(policy: string, hashes: readonly string[]): string {
  return hashes.length === 0 ? policy : `${policy}; style-src-attr 'unsafe-hashes' ${hashes.join(' ')}`
}
