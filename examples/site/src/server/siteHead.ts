import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  pageHead,
  resolveHost,
  robotsTxt,
  siteOrigin,
  sitemapEntries,
  sitemapXml,
  type HeadPage,
  type HostConfig,
  type PageHead,
  type SiteMode,
} from '@comics/core'
import { DEFAULT_MESSAGES, pageTitle, type Messages, type TitledPage } from '@comics/react'
import { pageAt } from '../head/pageAt'
import type { CatalogueReader } from './catalogueReader'
import { jsonInScript } from './document'

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A page's head as HTML: title, meta tags, canonical link and structured data (a data block, never run). */
export function pageHeadHtml(head: PageHead): string {
  const tags = [`<title>${text(head.title)}</title>`]
  for (const meta of head.meta) {
    const [key, value] = 'name' in meta ? ['name', meta.name] : ['property', meta.property]
    tags.push(`<meta ${key}="${attribute(value)}" content="${attribute(meta.content)}" />`)
  }
  if (head.canonical) tags.push(`<link rel="canonical" href="${attribute(head.canonical)}" />`)
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${jsonInScript(head.jsonLd)}</script>`)
  return tags.join('\n    ')
}

/**
 * `template` (the built index.html) with its head's title and description replaced by `headHtml`.
 * Called before the document's scripts get their nonce, so the structured data's element has it too.
 */
export function documentWithHead(template: string, headHtml: string): string {
  const title = /<title>[^<]*<\/title>/
  if (!title.test(template)) throw new Error('siteHead: index.html has no <title>')
  return template.replace(/\s*<meta name="description"[^>]*>/, '').replace(title, () => headHtml)
}

export interface SiteHeadOptions {
  catalogue: CatalogueReader
  /** The configured hosts (the build's VITE_ADULT_HOST and VITE_MIRROR_HOSTS), the only source of absolute URLs. */
  hosts: HostConfig
  /** The scheme of the public addresses; by default https, http on loopback hosts (core `siteOrigin`). */
  protocol?: 'http' | 'https'
  messages?: Messages
}

/** The site server's heads, robots.txt and sitemaps. */
export interface SiteHead {
  /** The mode of the host a request names, or null for a host the site does not serve. */
  modeOf(hostHeader: string | undefined): SiteMode | null
  /** The head of the page at `path` on `mode`'s host, as HTML (the comic's data read from the API). */
  headFor(mode: SiteMode, path: string): Promise<string>
  /** Serves /robots.txt and /sitemap.xml on each host. */
  register(app: FastifyInstance): void
}

export function createSiteHead(options: SiteHeadOptions): SiteHead {
  const messages = options.messages ?? DEFAULT_MESSAGES
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

  async function headPage(mode: SiteMode, path: string): Promise<{ page: HeadPage; title: string }> {
    const at = pageAt(path)
    const notFound = { page: { kind: 'private' } as HeadPage, title: pageTitle(messages, { kind: 'notFound' }) }
    switch (at.kind) {
      case 'home':
      case 'categories':
        return { page: { kind: at.kind }, title: pageTitle(messages, { kind: at.kind }) }
      case 'policy':
        return { page: { kind: 'policy', path: at.path }, title: pageTitle(messages, { kind: 'policy', policy: at.policy }) }
      case 'comic':
      case 'reader': {
        const [comic, chapters] = await Promise.all([catalogue.comic(mode, at.comicId), catalogue.chapters(mode, at.comicId)])
        if (!comic.data) return notFound
        if (at.kind === 'comic') {
          return { page: { kind: 'comic', comic: comic.data, chapters: chapters.data, uncensored: at.uncensored }, title: pageTitle(messages, { kind: 'comic', comic: comic.data, uncensored: at.uncensored }) }
        }
        const chapter = chapters.data.find((candidate) => candidate.id === at.chapterId)
        if (!chapter) return notFound
        return {
          page: { kind: 'reader', comic: comic.data, chapter, chapters: chapters.data, uncensored: at.uncensored },
          title: pageTitle(messages, { kind: 'reader', comic: comic.data, chapter, uncensored: at.uncensored }),
        }
      }
      default:
        return { page: { kind: 'private' }, title: pageTitle(messages, { kind: at.kind } as TitledPage) }
    }
  }

  async function headFor(mode: SiteMode, path: string): Promise<string> {
    const { page, title } = await headPage(mode, path.split('?')[0]!)
    return pageHeadHtml(pageHead({ page, title, siteDescription: messages['page.description'], siteName: messages['page.service'], origin: originOf(mode), mode }))
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

  return { modeOf, headFor, register }
}
