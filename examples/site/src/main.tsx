import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { hydrate, type DehydratedState } from '@tanstack/react-query'
import '@comics/react/styles.css'
import './site.css'
import { createSiteServices } from './app/createSiteServices'
import { SiteApp } from './app/SiteApp'
import { AGE_PASSED_ATTRIBUTE, CLIENT_RENDER_ATTRIBUTE, QUERY_CACHE_ELEMENT_ID, SERVER_RENDERED_ATTRIBUTE } from './app/documentMarks'
import { readSiteEnv } from './config/siteEnv'
import { keepAgePassedCookie, keepSignedInCookie } from './app/signedInCookie'
import { resolveSiteHost } from './host/resolveSiteHost'
import { landingAt } from './routes/siteRoutes'

/**
 * How long the first render waits for the chunk of the screen the address shows. The server's document
 * preloads it, so it is usually there already; a screen that is not rendered in the first commit paints
 * at least 300 ms after the fallback React showed instead.
 */
const LANDING_SCREEN_WAIT_MS = 1000

/** The kit's query cache the server rendered with (src/server/siteServer.ts), if it sent one. */
function serverQueries(): DehydratedState | undefined {
  const element = document.getElementById(QUERY_CACHE_ELEMENT_ID)
  if (!element?.textContent) return undefined
  try {
    return JSON.parse(element.textContent) as DehydratedState
  } catch {
    return undefined
  }
}

const env = readSiteEnv()
const hostConfig = { adultHost: env.adultHost, mirrorHosts: env.mirrorHosts }
// An unknown host renders nothing: the browser is already on its way to the adult host.
const siteMode = resolveSiteHost(hostConfig)
if (siteMode) {
  const services = createSiteServices(env, siteMode)
  // The server redirects a guest's guarded route and renders a guest's page; this tells it who is not a guest.
  keepSignedInCookie(services.session)
  // And who answered the adult host's age gate before: its rendered gate is then not shown.
  if (siteMode === 'adult') keepAgePassedCookie(services.ageGate)
  const container = document.getElementById('root')!
  // The server rendered the screen for a guest, with these queries: a guest's first render, with them in
  // the cache, is the same and takes it over. A signed-in visitor's is not (the server renders a guest's
  // page only without the signed-in cookie): it renders anew.
  // A guest whose stored reader settings are not the defaults gets the reader rendered anew too (the
  // document marked it, src/server/document.ts), with the guest's queries the server rendered with.
  const queries = serverQueries()
  const guest = container.hasAttribute(SERVER_RENDERED_ATTRIBUTE) && !services.session.getSnapshot().signedIn
  const hydrating = guest && !document.documentElement.hasAttribute(CLIENT_RENDER_ATTRIBUTE)
  if (queries && guest) hydrate(services.queryClient, queries)
  const app = (
    <StrictMode>
      <SiteApp env={env} hostConfig={hostConfig} siteMode={siteMode} services={services} />
    </StrictMode>
  )
  const render = () => {
    if (hydrating) return void hydrateRoot(container, app)
    container.replaceChildren()
    container.removeAttribute(SERVER_RENDERED_ATTRIBUTE)
    container.removeAttribute(AGE_PASSED_ATTRIBUTE)
    document.documentElement.removeAttribute(CLIENT_RENDER_ATTRIBUTE)
    createRoot(container).render(app)
  }
  const screenLoaded = landingAt(window.location.pathname)?.screen.load()
  const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  // A chunk that fails or is slow is the router's to report: it renders as before, with the fallback.
  const screenReady = screenLoaded ? Promise.race([screenLoaded, delay(LANDING_SCREEN_WAIT_MS)]) : Promise.resolve()
  void screenReady.then(render, render)
}

// The service worker (offline reading, the installed app): its chunk is loaded once the page has loaded,
// and registers it when the browser is next idle: nothing of it, its precache's downloads included, is on
// the first screen's path. The dev server has none.
if (import.meta.env.PROD && siteMode) {
  const registerWorker = () => void import('./offline/registerServiceWorker').then(({ registerWhenIdle }) => registerWhenIdle())
  if (document.readyState === 'complete') registerWorker()
  else window.addEventListener('load', registerWorker, { once: true })
}
