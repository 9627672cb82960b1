// The attributes the document, the server render and the app mark the page with (src/site.css spells
// the first two as selectors too).

/** On `#root` when the server rendered the screen into it (serverRender.ts). */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered'
/**
 * On `<html>` when the visitor is signed in on a server-rendered page: the guest's markup stays hidden
 * and the app renders theirs (routePreloads.ts, src/main.tsx).
 */
export const CLIENT_RENDER_ATTRIBUTE = 'data-client-render'
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
