import { redirect, type LoaderFunctionArgs } from 'react-router'
import type { RootData } from '../root'
import { APP_SHELL_PATH } from '../offline/offlineConstants'
import { agePassed, hostOf, signedIn } from './siteRequest.server'
import { siteContext } from './devLoadContext.server'
import { featuredComicsFor } from '../config/featuredComics'

/**
 * The document's data: the host's mode (a host the site does not serve is sent to the same path on the
 * adult host, spec §2), where the browser reaches the API, what the page's cookies say, and the home
 * carousel's titles for the host's mode (the browser's scripts carry neither mode's list).
 */
export function rootLoader({ request, context: given }: LoaderFunctionArgs): RootData {
  const context = siteContext(given)
  const host = hostOf(request)
  if ('redirectTo' in host) throw redirect(host.redirectTo, 302)
  return {
    siteMode: host.mode,
    featured: featuredComicsFor(host.mode),
    apiBaseUrl: context.apiBaseUrl,
    port: new URL(request.url).port,
    signedIn: signedIn(request),
    agePassed: agePassed(request),
    shell: new URL(request.url).pathname === APP_SHELL_PATH,
  }
}
