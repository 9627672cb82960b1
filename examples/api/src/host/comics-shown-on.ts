import { and, inArray, type AnyColumn, type SQL } from 'drizzle-orm'
import type { SiteMode } from '@comics/core/rules'
import { hostComicConditions } from '../catalogue/list-comics'
import type { Database } from '../db/database'
import { comics } from '../db/schema'

/**
 * Core `isComicShownOn` as a condition on a column holding a comic id: the comic is one the host of
 * `mode` shows (its ratings; off the adult host, flagged `displayOnMirror`). Every read path that answers
 * with an episode, a page, a position or an unlock of a comic narrows by it.
 */
export function comicShownOn(db: Database, mode: SiteMode, comicId: AnyColumn): SQL {
  return inArray(comicId, db.select({ id: comics.id }).from(comics).where(and(...hostComicConditions(mode)!)))
}
