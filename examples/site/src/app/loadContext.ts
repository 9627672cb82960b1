import type { HostConfig } from '@comics/core'

/**
 * What the site's server gives every loader and the document's render (src/server/siteServer.ts): the
 * response's Content-Security-Policy nonce, and where the API is, for the browser and for the server.
 */
export type SiteLoadContext = {
  /**
   * This response's nonce: every script the document carries has it, nothing an injection adds does (a
   * document a shared cache keeps has none, src/entry.server.tsx).
   */
  nonce: string
  /** Where the browser reaches the API (a path on the site, or another origin), written into the page. */
  apiBaseUrl: string
  /** The API as the server reaches it (e.g. http://127.0.0.1:8787/api/v1), for the loaders' calls. */
  apiBase: string
  /** The configured hosts, the only source of the head's absolute addresses. */
  hosts: HostConfig
  /** The scheme of those addresses. */
  publicProtocol?: 'http' | 'https'
  /**
   * The response's security headers for a document whose shell is `html` (its style attributes admitted
   * by hash); with `shared`, a document a shared cache keeps, its inline scripts admitted by hash instead
   * of by the nonce.
   */
  securityHeaders(html: string, options?: { shared?: boolean }): Record<string, string>
}

declare module 'react-router' {
  interface AppLoadContext extends SiteLoadContext {}
}
