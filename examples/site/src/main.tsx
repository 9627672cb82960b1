import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@comics/react/styles.css'
import './site.css'
import { createSiteServices } from './app/createSiteServices'
import { SiteApp } from './app/SiteApp'
import { readSiteEnv } from './config/siteEnv'
import { resolveSiteHost } from './host/resolveSiteHost'
import { screenAt } from './routes/siteRoutes'

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
  const services = createSiteServices(env)
  const render = () =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <SiteApp env={env} hostConfig={hostConfig} siteMode={siteMode} services={services} />
      </StrictMode>,
    )
  const landing = screenAt(window.location.pathname)?.load()
  if (!landing) render()
  else {
    // A chunk that fails or is slow is the router's to report: it renders as before, with the fallback.
    Promise.race([landing, new Promise((resolve) => setTimeout(resolve, LANDING_SCREEN_WAIT_MS))]).then(render, render)
  }
}
