import { categoriesComicsRequest, hostComicsRequest, siteOrigin, sitemapEntries, sitemapXml, sortEpisodes, type Comic, type SiteMode } from '@comics/core'
import type { SiteLoadContext } from './loadContext'
import { guestApi } from './siteRequest.server'

const building = new Map<SiteMode, Promise<string>>()

/**
 * The sitemap of `mode`'s host: every comic it lists and their episodes, read with the kit's client as a
 * guest on the configured host (never the request's). Built for each request, from the API's remembered
 * catalogue answers, so it follows every edit and release at once; requests that arrive while one is
 * built share it.
 */
export function sitemapOf(request: Request, context: SiteLoadContext, mode: SiteMode): Promise<string> {
  let pending = building.get(mode)
  if (!pending) {
    pending = build(request, context, mode).finally(() => building.delete(mode))
    building.set(mode, pending)
  }
  return pending
}

async function build(request: Request, context: SiteLoadContext, mode: SiteMode): Promise<string> {
  const origin = siteOrigin(mode, context.hosts, context.publicProtocol)
  const api = guestApi(request, context, mode, new URL(origin).host)
  const comics: Comic[] = []
  const first = categoriesComicsRequest(null)
  for (let offset = 0; ; offset += first.limit) {
    const { data } = await api.comics.list(hostComicsRequest({ ...first, offset }, mode))
    comics.push(...data)
    if (data.length < first.limit) break
  }
  const chapters = await Promise.all(comics.map((comic) => api.chapters.ofComic(comic.id)))
  return sitemapXml(sitemapEntries(origin, comics.map((comic, index) => ({ comic, chapters: sortEpisodes(chapters[index]!.data) }))))
}
