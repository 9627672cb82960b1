import { and, eq, ne, or } from 'drizzle-orm'
import { isFreeEpisode, isPagePublic } from '@comics/core/rules'
import { indexEpisodes } from '../catalogue/episode-index'
import type { CatalogueCache } from '../catalogue/catalogue-cache'
import type { Database } from '../db/database'
import { assets, chapters, comics } from '../db/schema'

/**
 * Whether the stored image `name` may be served without a signature: a cover, a banner, an episode
 * preview, or a page that is public (core `isPagePublic`: a censored or legal page of a free published
 * episode). An image that is only a locked or uncensored page (or no longer used) is served to signed
 * URLs alone. Images are content-addressed, so one used both ways is public: its bytes are. Kept in the
 * catalogue cache, which every admin write (on any instance) and each release clears.
 */
export function isPublicFile(db: Database, cache: CatalogueCache, name: string, now: Date): Promise<boolean> {
  return cache.get(`public-file:${name}`, async () => {
    const [artwork] = await db
      .select({ id: comics.id })
      .from(comics)
      .where(or(eq(comics.coverFile, name), eq(comics.bannerFile, name)))
      .limit(1)
    if (artwork) return true
    const [preview] = await db.select({ id: chapters.id }).from(chapters).where(eq(chapters.previewFile, name)).limit(1)
    if (preview) return true
    const pages = await db
      .select({ chapterId: assets.chapterId, variant: assets.variant })
      .from(assets)
      .where(and(eq(assets.file, name), ne(assets.variant, 'uncensored')))
    if (pages.length === 0) return false
    const episodes = await indexEpisodes(db, cache, pages.map((page) => page.chapterId), { now, unpublished: false })
    const free = new Set(episodes.filter((episode) => isFreeEpisode(episode, episode.siblings)).map((episode) => Number(episode.id)))
    return pages.some((page) => isPagePublic({ variant: page.variant, free: free.has(page.chapterId) }))
  })
}
