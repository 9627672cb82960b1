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
