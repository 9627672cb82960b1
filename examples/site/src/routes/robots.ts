import type { LoaderFunctionArgs } from 'react-router'
import { robotsTxt, siteOrigin } from '@comics/core'
import { hostOf } from '../app/siteRequest.server'
import { siteContext } from '../app/devLoadContext.server'

/** /robots.txt of each host, naming its sitemap on its configured origin. */
export function loader({ request, context: given }: LoaderFunctionArgs): Response {
  const context = siteContext(given)
  const host = hostOf(request)
  const text = { 'Content-Type': 'text/plain; charset=utf-8' }
  if (!('mode' in host)) return new Response('Not Found', { status: 404, headers: { ...text, 'Cache-Control': 'no-cache' } })
  return new Response(robotsTxt(siteOrigin(host.mode, context.hosts, context.publicProtocol)), { headers: { ...text, 'Cache-Control': 'public, max-age=3600', Vary: 'Host' } })
}
