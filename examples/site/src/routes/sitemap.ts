import type { LoaderFunctionArgs } from 'react-router'
import { sitemapOf } from '../app/sitemaps.server'
import { hostOf } from '../app/siteRequest.server'
import { siteContext } from '../app/devLoadContext.server'

/** /sitemap.xml of each host; a host the site does not serve has none. */
export async function loader({ request, context: given }: LoaderFunctionArgs): Promise<Response> {
  const context = siteContext(given)
  const host = hostOf(request)
  if (!('mode' in host)) return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' } })
  try {
    const xml = await sitemapOf(request, context, host.mode)
    return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, no-cache', Vary: 'Host' } })
  } catch (error) {
    console.warn(`the sitemap could not be built: ${String(error)}`)
    return new Response('The catalogue could not be read; try again later.', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '60' },
    })
  }
}
