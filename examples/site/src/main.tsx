// First: the document's first image waits for this script to have downloaded (src/entryRuns.ts).
import './entryRuns'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import '@comics/react/styles.css'
import './site.css'
import { createSiteServices } from './app/createSiteServices'
import { SiteApp } from './app/SiteApp'
import { CLIENT_RENDER_ATTRIBUTE, SERVER_RENDERED_ATTRIBUTE } from './app/documentMarks'
import { readSiteEnv } from './config/siteEnv'
import { keepSignedInCookie } from './app/signedInCookie'
import { primeLandingQueries } from './app/primeLandingQueries'
import { resolveSiteHost } from './host/resolveSiteHost'
import { landingAt } from './routes/siteRoutes'

/**
 * How long the first render waits for the chunk of the screen the address shows. The document preloads
 * the chunks of the screens visitors land on, so they are usually there already; a screen that is not
 * rendered in the first commit paints at least 300 ms after the fallback React showed instead.
 */
const LANDING_SCREEN_WAIT_MS = 1000

const env = readSiteEnv()
const hostConfig = { adultHost: env.adultHost, mirrorHosts: env.mirrorHosts }
// An unknown host renders nothing: the browser is already on its way to the adult host.
const siteMode = resolveSiteHost(hostConfig)
if (siteMode) {
  const services = createSiteServices(env, siteMode)
  // The server redirects a guest's guarded route; this tells it who is not a guest.
  keepSignedInCookie(services.session)
  const container = document.getElementById('root')!
  // The server rendered the screen for a guest (src/server/siteServer.ts): a guest's first render is the same, and
  // takes it over. A signed-in visitor's is not: the document kept it hidden (routePreloads.ts).
  const hydrate = container.hasAttribute(SERVER_RENDERED_ATTRIBUTE) && !document.documentElement.hasAttribute(CLIENT_RENDER_ATTRIBUTE)
  const app = (
    <StrictMode>
      <SiteApp env={env} hostConfig={hostConfig} siteMode={siteMode} services={services} />
    </StrictMode>
  )
  const render = () => {
    if (hydrate) return void hydrateRoot(container, app)
    container.replaceChildren()
    container.removeAttribute(SERVER_RENDERED_ATTRIBUTE)
    document.documentElement.removeAttribute(CLIENT_RENDER_ATTRIBUTE)
    createRoot(container).render(app)
  }
  const landing = landingAt(window.location.pathname)
  const screenLoaded = landing?.screen.load()
  // The home page, the comic page or the reader with the document's answers in the cache: their first
  // render shows them.
  const primed = primeLandingQueries({ ...services, siteMode }, landing).catch(() => undefined)
  const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  // A chunk that fails or is slow is the router's to report: it renders as before, with the fallback.
  const screenReady = screenLoaded ? Promise.race([screenLoaded, delay(LANDING_SCREEN_WAIT_MS)]) : Promise.resolve()
  // The answers are waited for only if they are there already: a slow API never holds the first paint.
  // A hydration waits for them: they came with the document, and its first render must show them.
  void screenReady.then(
    () => (hydrate ? primed : Promise.race([primed, delay(0)])),
    () => undefined,
  ).then(render)
}
