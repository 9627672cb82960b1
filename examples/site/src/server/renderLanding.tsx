import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createMemoryStorage, resolveHost, type PreloadedAnswer } from '@comics/core'
import { SiteApp } from '../app/SiteApp'
import { createSiteServices } from '../app/createSiteServices'
import { primeLandingQueries } from '../app/primeLandingQueries'
import { readSiteEnv } from '../config/siteEnv'
import { landingAt, redirectAt } from '../routes/siteRoutes'
import { ComicScreen, HomeScreen, PaymentAndRefundScreen, PrivacyPolicyScreen, ReaderScreen, TermsOfUseScreen } from '../routes/lazyScreens'
import { landingCalls, withParams } from '../../landingCalls'

/**
 * The screens the server paints for a guest: the ones the document starts the calls of, and the policy
 * pages, which make none (their text is the kit's).
 */
const SERVER_RENDERED = new Map<unknown, string>([
  [HomeScreen, 'HomeScreen'],
  [ComicScreen, 'ComicScreen'],
  [ReaderScreen, 'ReaderScreen'],
  [PrivacyPolicyScreen, 'PrivacyPolicyScreen'],
  [TermsOfUseScreen, 'TermsOfUseScreen'],
  [PaymentAndRefundScreen, 'PaymentAndRefundScreen'],
])

/** One call of a screen, with the address's parameters in its key and body. */
export interface ServerCall {
  key: string
  path: string
  body: string
}

/** A landing the server renders: the calls to make first, then the render with their answers. */
export interface ServerLanding {
  calls: ServerCall[]
  /**
   * The screen as a guest's first render shows it with these answers (keyed as the kit's client looks
   * them up): the markup the browser paints before the scripts have arrived and the site then hydrates
   * (src/main.tsx).
   */
  render(answers: [key: string, answer: PreloadedAnswer][]): Promise<string>
}

/**
 * The home page, a comic page or the reader at `url` (`http://host:port/path` as the browser asked for
 * it) on a mirror host; null for any other screen and for the adult host, whose age gate comes first.
 * Its calls are those a guest's document would start (landingCalls.ts).
 */
export function serverLanding(url: string): ServerLanding | null {
  const address = new URL(url)
  const env = readSiteEnv(address)
  const hostConfig = { adultHost: env.adultHost, mirrorHosts: env.mirrorHosts }
  const host = resolveHost(address.href, hostConfig)
  if (!('mode' in host) || host.mode !== 'normal') return null
  const siteMode = host.mode
  const landing = landingAt(address.pathname)
  const name = landing && SERVER_RENDERED.get(landing.screen)
  if (!landing || !name) return null
  const { comicId, chapterId } = landing.params
  const calls = landingCalls(name, siteMode, landing.props.uncensored === true).map((call) => {
    const { key, path, body } = withParams(call, { comicId, chapterId })
    return { key, path, body }
  })
  return {
    calls,
    async render(answers) {
      const preloadedCalls = new Map(answers.map(([key, answer]) => [key, Promise.resolve(answer)]))
      // A first visit's: nothing stored, no analytics.
      const services = createSiteServices(env, siteMode, { storage: createMemoryStorage(), preloadedCalls, sinks: [] })
      await Promise.all([landing.screen.load(), primeLandingQueries({ ...services, siteMode }, landing)])
      const html = renderToString(
        <StrictMode>
          <SiteApp env={env} hostConfig={hostConfig} siteMode={siteMode} services={services} location={address.pathname + address.search} />
        </StrictMode>,
      )
      services.queryClient.clear()
      return html
    },
  }
}

/**
 * Where the server sends a request for `url` before rendering anything (a real HTTP redirect): the same
 * path on the adult host for a host the site does not serve (core's `resolveHost`, spec §2), then the
 * routes' own redirects (a guarded route for a guest, see `redirectAt`). Null when the page is served.
 */
export function serverRedirect(url: string, signedIn: boolean): string | null {
  const address = new URL(url)
  const env = readSiteEnv(address)
  const host = resolveHost(address.href, { adultHost: env.adultHost, mirrorHosts: env.mirrorHosts })
  if ('redirectTo' in host) return host.redirectTo
  return redirectAt(address.pathname, signedIn)
}
