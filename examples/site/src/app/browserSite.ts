import type { HostConfig, SiteMode } from '@comics/core'
import { readSiteEnv, type SiteEnv } from '../config/siteEnv'
import { resolveSiteHost } from '../host/resolveSiteHost'
import { createSiteServices, type SiteServices } from './createSiteServices'
import { keepAgePassedCookie, keepCustomReaderCookie, keepSignedInCookie } from './signedInCookie'
import { APP_RUNNING_ATTRIBUTE } from './documentMarks'

export interface BrowserSite {
  env: SiteEnv
  hostConfig: HostConfig
  siteMode: SiteMode
  services: SiteServices
}

let site: BrowserSite | null | undefined

/**
 * The page's site: its settings, the host's mode and the services that live as long as the page, made
 * once, outside React (StrictMode's double render must not make a second session store or load gtag.js
 * twice), by the first of the route loaders and the app to ask. Null on a host the site does not serve:
 * the browser is then on its way to the adult host.
 */
export function browserSite(): BrowserSite | null {
  if (site !== undefined) return site
  const env = readSiteEnv()
  const hostConfig = { adultHost: env.adultHost, mirrorHosts: env.mirrorHosts }
  const siteMode = resolveSiteHost(hostConfig)
  if (!siteMode) return (site = null)
  const services = createSiteServices(env, siteMode)
  // The server redirects a guest's guarded route and renders a guest's page; this tells it who is not a guest.
  keepSignedInCookie(services.session)
  // And who answered the adult host's age gate before: its rendered gate is then not shown.
  if (siteMode === 'adult') keepAgePassedCookie(services.ageGate)
  // And whose reader settings are their own: the server then leaves the reader to the app.
  keepCustomReaderCookie(services.readerSettings)
  return (site = { env, hostConfig, siteMode, services })
}

/**
 * The page is the app's from here: the browser's own render of it has started, or the server's render of
 * its screen has been hydrated (the screen's first effects have run). Marked on the root for tools that
 * wait for it, and a cookie choice made before is made now (src/app/siteConsent.ts). Again on each
 * navigation, where it does nothing more.
 */
export function pageTakenOver(): void {
  const current = browserSite()
  if (!current) return
  document.documentElement.setAttribute(APP_RUNNING_ATTRIBUTE, '')
  current.services.consent.takeOver()
}
