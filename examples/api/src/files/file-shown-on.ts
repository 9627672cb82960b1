import { and, eq, inArray, or } from 'drizzle-orm'
import { variantsShownOn, type SiteMode } from '@comics/core/rules'
import type { CatalogueCache } from '../catalogue/catalogue-cache'
import type { Database } from '../db/database'
import { assets, chapters, comics } from '../db/schema'
import { comicShownOn } from '../host/comics-shown-on'

/**
 * Whether the host of `mode` may serve the stored image `name`, signed or not: the cover or banner of a
 * comic it shows, the preview of an episode of one, or a page of one in a variant it serves (core
 * `isComicShownOn`, `variantsShownOn`). So no page of an AO comic, and no uncensored page, loads through
 * the mirror host, even at an address copied from the adult host. Images are content-addressed: one used
 * by a comic the host shows is served. Kept in the catalogue cache, which every admin write clears.
 */
export function isFileShownOn(db: Database, cache: CatalogueCache, name: string, mode: SiteMode): Promise<boolean> {
  return cache.get(`file-shown:${mode}:${name}`, async () => {
    const [artwork] = await db
      .select({ id: comics.id })
      .from(comics)
      .where(and(or(eq(comics.coverFile, name), eq(comics.bannerFile, name)), comicShownOn(db, mode, comics.id)))
      .limit(1)
    if (artwork) return true
    const [preview] = await db
      .select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.previewFile, name), comicShownOn(db, mode, chapters.comicId)))
      .limit(1)
    if (preview) return true
    const [page] = await db
      .select({ id: assets.id })
      .from(assets)
      .where(and(eq(assets.file, name), inArray(assets.variant, variantsShownOn(mode)), comicShownOn(db, mode, assets.comicId)))
      .limit(1)
    return page !== undefined
  })
}
