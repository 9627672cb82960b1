import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { resolveHost, robotsTxt, siteOrigin, sitemapEntries, sitemapXml, type HostConfig, type SiteMode } from '@comics/core'
import type { CatalogueReader } from './catalogueReader'

export interface SiteHeadOptions {
  catalogue: CatalogueReader
  /** The configured hosts (the build's VITE_ADULT_HOST and VITE_MIRROR_HOSTS), the only source of absolute URLs. */
  hosts: HostConfig
  /** The scheme of the public addresses; by default https, http on loopback hosts (core `siteOrigin`). */
  protocol?: 'http' | 'https'
}

/** The site server's robots.txt and sitemaps. */
export interface SiteHead {
  /** The mode of the host a request names, or null for a host the site does not serve. */
  modeOf(hostHeader: string | undefined): SiteMode | null
  /** Serves /robots.txt and /sitemap.xml on each host. */
  register(app: FastifyInstance): void
}

export function createSiteHead(options: SiteHeadOptions): SiteHead {
  const originOf = (mode: SiteMode) => siteOrigin(mode, options.hosts, options.protocol)
  const { catalogue } = options

  function modeOf(hostHeader: string | undefined): SiteMode | null {
    if (!hostHeader) return null
    let url: string
    try {
      url = new URL(`http://${hostHeader}/`).href
    } catch {
      return null
    }
    const host = resolveHost(url, options.hosts)
    return 'mode' in host ? host.mode : null
  }

  // Each host's sitemap with the versions of the catalogue reads it was built from: rebuilt when one of
  // them changed (the API's ETags follow its catalogue cache, invalidated by every edit and release).
  const sitemaps = new Map<SiteMode, { xml: string; versions: string }>()
  const building = new Map<SiteMode, Promise<string>>()
  async function buildSitemap(mode: SiteMode): Promise<string> {
    const comics = await catalogue.comics(mode)
    const chapters = await Promise.all(comics.data.map((comic) => catalogue.chapters(mode, comic.id)))
    const versions = [comics.version, ...chapters.map((read) => read.version)].join('\n')
    const kept = sitemaps.get(mode)
    if (kept?.versions === versions) return kept.xml
    const xml = sitemapXml(sitemapEntries(originOf(mode), comics.data.map((comic, index) => ({ comic, chapters: chapters[index]!.data }))))
    sitemaps.set(mode, { xml, versions })
    return xml
  }
  function sitemap(mode: SiteMode): Promise<string> {
    // Requests that arrive while one is being built share it.
    let pending = building.get(mode)
    if (!pending) {
      pending = buildSitemap(mode).finally(() => building.delete(mode))
      building.set(mode, pending)
    }
    return pending
  }

  function register(app: FastifyInstance): void {
    const hostMode = (request: FastifyRequest, reply: FastifyReply) => {
      const mode = modeOf(request.headers.host)
      // A host the site does not serve has nothing of its own to tell crawlers.
      if (!mode) void reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not Found')
      return mode
    }
    app.get('/robots.txt', async (request, reply) => {
      const mode = hostMode(request, reply)
      if (!mode) return reply
      return reply.header('cache-control', 'public, max-age=3600').header('vary', 'Host').type('text/plain; charset=utf-8').send(robotsTxt(originOf(mode)))
    })
    app.get('/sitemap.xml', async (request, reply) => {
      const mode = hostMode(request, reply)
      if (!mode) return reply
      try {
        const xml = await sitemap(mode)
        return reply.header('cache-control', 'public, no-cache').header('vary', 'Host').type('application/xml; charset=utf-8').send(xml)
      } catch (error) {
        request.log.warn({ error: String(error) }, 'the sitemap could not be built')
        return reply.code(503).header('cache-control', 'no-store').header('retry-after', '60').type('text/plain; charset=utf-8').send('The catalogue could not be read; try again later.')
      }
    })
  }

  return { modeOf, register }
}
