import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@comics/react/styles.css'
import './site.css'
import { createSiteServices } from './app/createSiteServices'
import { SiteApp } from './app/SiteApp'
import { readSiteEnv } from './config/siteEnv'
import { resolveSiteHost } from './host/resolveSiteHost'

const env = readSiteEnv()
const hostConfig = { adultHost: env.adultHost, mirrorHosts: env.mirrorHosts }
// An unknown host renders nothing: the browser is already on its way to the adult host.
const siteMode = resolveSiteHost(hostConfig)
if (siteMode) {
  const services = createSiteServices(env)
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <SiteApp env={env} hostConfig={hostConfig} siteMode={siteMode} services={services} />
    </StrictMode>,
  )
}
