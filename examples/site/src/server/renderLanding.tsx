import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createComicsApi, createMemoryStorage, createSessionStore, resolveHost, type PreloadedAnswer } from '@comics/core'
import { createDefaultQueryClient } from '@comics/react'
import { SiteApp } from '../app/SiteApp'
import { primeLandingQueries } from '../app/primeLandingQueries'
import { createSiteAuth } from '../auth/createSiteAuth'
import { readSiteEnv } from '../config/siteEnv'
import { landingAt } from '../routes/siteRoutes'
import { ComicScreen, HomeScreen, ReaderScreen } from '../routes/lazyScreens'
import { landingCalls, PARAM } from '../../landingCalls'

/** The screens the server paints for a guest: the ones the document starts the calls of. */
const SERVER_RENDERED = new Map<unknown, string>([
  [HomeScreen, 'HomeScreen'],
  [ComicScreen, 'ComicScreen'],
  [ReaderScreen, 'ReaderScreen'],
])

/** The mode, screen and route parameters of `url` when the server renders it. */
function serverLanding(url: string) {
  const address = new URL(url)
  const env = readSiteEnv(address)
  const hostConfig = { adultHost: env.adultHost, mirrorHosts: env.mirrorHosts }
  const host = resolveHost(address.href, hostConfig)
  if (!('mode' in host) || host.mode !== 'normal') return null
  const landing = landingAt(address.pathname)
  const name = landing && SERVER_RENDERED.get(landing.screen)
  return landing && name ? { address, env, hostConfig, siteMode: host.mode, landing, name } : null
}

/** One call of a screen, with the address's parameters in its path and body. */
export interface ServerCall {
  key: string
  path: string
  body: string
}

/**
 * The calls the server makes before it renders `url`, as a guest's document would start them
 * (landingCalls.ts); null when it does not render that address.
 */
export function landingCallsAt(url: string): ServerCall[] | null {
  const found = serverLanding(url)
  if (!found) return null
  const { landing, name, siteMode } = found
  const params: Record<string, string | undefined> = { comicId: landing.params.comicId, chapterId: landing.params.chapterId }
  const fill = (text: string) =>
    text.replace(/\{\{(comicId|chapterId)\}\}/g, (_, key: keyof typeof PARAM) => JSON.stringify(params[key] ?? '').slice(1, -1))
  return landingCalls(name, siteMode, landing.props.uncensored === true).map((call) => ({
    key: fill(call.key),
    path: call.path,
    body: fill(call.body),
  }))
}

export interface LandingRender {
  /** The address as the browser asked for it: `http://host:port/path`. */
  url: string
  /** The answers of the screen's first calls (landingCalls.ts), keyed as the kit's client looks them up. */
  answers: [key: string, answer: PreloadedAnswer][]
}

/**
 * The home page, a comic page or the reader as a guest's first render shows them, with the answers of
 * their first calls: the markup the browser paints before the scripts have arrived and the site then
 * hydrates (src/main.tsx). Null for any other screen and for the adult host, whose age gate comes first.
 */
export async function renderLanding({ url, answers }: LandingRender): Promise<string | null> {
  const found = serverLanding(url)
  if (!found) return null
  const { address, env, hostConfig, siteMode, landing } = found
  const storage = createMemoryStorage()
  const session = createSessionStore(storage)
  const preloadedCalls = new Map(answers.map(([key, answer]) => [key, Promise.resolve(answer)]))
  const services = {
    session,
    storage,
    auth: createSiteAuth(env, session),
    sinks: [],
    preloadedCalls,
    api: createComicsApi({ baseUrl: env.apiBaseUrl, getToken: () => null, siteMode, preloaded: preloadedCalls }),
    queryClient: createDefaultQueryClient(),
  }
  await Promise.all([landing.screen.load(), primeLandingQueries({ ...services, siteMode }, landing)])
  const html = renderToString(
    <StrictMode>
      <SiteApp env={env} hostConfig={hostConfig} siteMode={siteMode} services={services} location={address.pathname + address.search} />
    </StrictMode>,
  )
  services.queryClient.clear()
  return html
}
