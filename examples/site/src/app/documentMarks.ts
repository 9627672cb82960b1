// The attributes and elements the document, the server render and the app mark the page with.

/** On `#root` when the server rendered the screen into it (src/server/siteServer.ts). */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered'
/**
 * On `<html>` when a visitor whose page was rendered for a guest is signed in (a session from before the
 * signed-in cookie): the guest's markup stays hidden and the app renders theirs (src/server/document.ts).
 */
export const CLIENT_RENDER_ATTRIBUTE = 'data-client-render'
/**
 * On `<html>` once the app has rendered the page or taken over the server's render of it (its screen
 * hydrated, src/app/browserSite.ts `pageTakenOver`), for tools that wait for it.
 */
export const APP_RUNNING_ATTRIBUTE = 'data-app-running'
/**
 * On `<html>`, 'accepted' or 'rejected', when the cookie banner was answered before the app ran (the
 * head's handler, src/app/documentScripts.ts): the app makes that choice once it has taken the page over
 * (src/app/siteConsent.ts), as a choice made then.
 */
export const COOKIE_CHOICE_BEFORE_APP_ATTRIBUTE = 'data-cookie-choice-before-app'

/** The `<script type="application/json">` in which the site's server gives the page its run-time settings (readSiteEnv). */
export const SITE_CONFIG_ELEMENT_ID = 'comics-site-config'

/**
 * A cookie the page sets while a reader is signed in (their token stays in localStorage; the cookie
 * carries no token, only that there is one): the site's server answers a guarded route with a redirect
 * only when it is absent. It decides no access, which the API checks on every call.
 */
export const SIGNED_IN_COOKIE = 'comics_signed_in'

/**
 * A cookie the page sets once the visitor has answered Yes to the adult host's age gate (the answer
 * itself stays in localStorage): the server's render still carries the gate, for the hydration must
 * match it, but marks #root with {@link AGE_PASSED_ATTRIBUTE} so the gate is not shown before the app
 * runs and closes it. It opens nothing: without JavaScript the page is covered either way.
 */
export const AGE_PASSED_COOKIE = 'comics_age_passed'
/** On `#root` when the server rendered the adult host's page for a visitor with {@link AGE_PASSED_COOKIE}, on `<html>` when the page's storage holds the Yes (src/site.css). */
export const AGE_PASSED_ATTRIBUTE = 'data-age-passed'

/**
 * The `<script type="application/json">` in which the site's server gives the page the kit's query cache
 * it rendered with (TanStack Query's `dehydrate`); the page's cache takes it before the first render.
 */
export const QUERY_CACHE_ELEMENT_ID = 'comics-query-cache'

/**
 * A cookie the page sets while its reader settings are not the defaults (the settings themselves stay in
 * localStorage): the server's render of the reader is the defaults' layout, which they would move after
 * the first paint, so the server leaves the reader to the browser.
 */
export const CUSTOM_READER_COOKIE = 'comics_custom_reader'
