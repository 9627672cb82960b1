// The attributes and elements the document, the server render and the app mark the page with.

/** On `#root` when the server rendered the screen into it (src/server/siteServer.ts). */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered'
/** On `<html>` once the app has rendered or taken over the server's render, for tools that wait for it. */
export const APP_RUNNING_ATTRIBUTE = 'data-app-running'

/** The `<script type="application/json">` in which the site's server gives the page its run-time settings (readSiteEnv). */
export const SITE_CONFIG_ELEMENT_ID = 'comics-site-config'

/**
 * A cookie the page sets while a reader is signed in (their token stays in localStorage; the cookie
 * carries no token, only that there is one): the site's server answers a guarded route with a redirect
 * only when it is absent. It decides no access, which the API checks on every call.
 */
export const SIGNED_IN_COOKIE = 'comics_signed_in'

/**
 * The `<script type="application/json">` in which the site's server gives the page the kit's query cache
 * it rendered with (TanStack Query's `dehydrate`); the page's cache takes it before the first render.
 */
export const QUERY_CACHE_ELEMENT_ID = 'comics-query-cache'
