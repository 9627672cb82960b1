import { and, eq, inArray } from 'drizzle-orm'
import { coinUnlockRefusal, EPISODE_COIN_PRICE, isComicShownOn, type SiteMode } from '@comics/core/rules'
import type { CatalogueCache } from '../catalogue/catalogue-cache'
import { indexEpisodes } from '../catalogue/episode-index'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { coinUnlocks } from '../db/schema'
import { HttpError, notFound } from '../http/http-error'
import { requestedRowIds } from '../http/requested-row-ids'
import { activeLevelOfUser } from '../payments/active-level-of-user'
import { lockCoinAccount } from './coin-account'
import { coinTransaction } from './coin-changes'

/** The reader's unlock of an episode, by coins or by waiting (at most one: unique per reader and episode). */
export const unlockOf = async (db: Database, userId: string, chapterId: number) =>
  (await db.select().from(coinUnlocks).where(and(eq(coinUnlocks.userId, userId), eq(coinUnlocks.chapterId, chapterId))))[0]

/**
 * The published episode an unlock asks for, with its siblings, as the host of `mode` sees it: an episode of
 * a comic that host does not show (core `isComicShownOn`) is, to it, one that does not exist (404).
 */
export async function episodeToUnlock(db: Database, cache: CatalogueCache, now: Date, chapterIdText: string, mode: SiteMode) {
  const chapterId = requestedRowIds([chapterIdText], 'chapterId')[0]!
  const [episode] = await indexEpisodes(db, cache, [chapterId], { now, unpublished: false })
  if (!episode || !isComicShownOn(mode, episode.comic)) throw notFound('Episode')
  return { chapterId, episode }
}

/**
 * POST /coins/unlocks: a reader pays {@link EPISODE_COIN_PRICE} coins for one published episode, once.
 * Asking again (at once or later) answers the unlock there is, never a second debit: the reader's balance
 * row is locked first and the unlock is unique per reader and episode. Refused with 409 and nothing
 * written (core `coinUnlockRefusal`): `episode_free`, `subscription_active`, `insufficient_coins`; 404 for an
 * episode the host does not show ({@link episodeToUnlock}).
 */
export async function unlockEpisode(
  db: Database,
  cache: CatalogueCache,
  clock: Clock,
  userId: string,
  chapterIdText: string,
  mode: SiteMode,
): Promise<typeof coinUnlocks.$inferSelect> {
  const now = clock.now()
  const { chapterId, episode } = await episodeToUnlock(db, cache, now, chapterIdText, mode)
  const existing = await unlockOf(db, userId, chapterId)
  if (existing) return existing
  const refusal = coinUnlockRefusal(episode, episode.siblings, { signedIn: true, level: await activeLevelOfUser(db, userId, now) })
  if (refusal === 'episode_free') throw new HttpError(409, 'episode_free', 'This episode is free: there is nothing to unlock')
  if (refusal === 'subscription_active') {
    throw new HttpError(409, 'subscription_active', 'Your subscription opens every episode: no coins are needed')
  }
  // The reader's balance row is locked first, so two asks of one reader run one after the other; the
  // unique unlock per reader and episode stays as the database's guarantee.
  return coinTransaction(db, async (tx) => {
    const account = await lockCoinAccount(tx, userId, now)
    // Another ask of the same unlock may have committed while this one waited for the lock.
    const again = await unlockOf(tx, userId, chapterId)
    if (again) return again
    const entry = await account.append({ kind: 'unlock', coins: -EPISODE_COIN_PRICE, chapterId, comicId: episode.comicId })
    const [unlock] = await tx
      .insert(coinUnlocks)
      .values({ userId, chapterId, comicId: episode.comicId, ledgerId: entry.id, coins: EPISODE_COIN_PRICE, unlockedAt: now })
      .returning()
    return unlock!
  })
}

/** Which of these episodes the reader unlocked with coins (core `Viewer.unlockedEpisodeIds`). */
export async function unlockedEpisodeIds(db: Database, userId: string, chapterIds: readonly number[]): Promise<Set<string>> {
  // Stryker disable next-line ConditionalExpression: saves a query only (an empty inArray matches nothing)
  if (chapterIds.length === 0) return new Set()
  const rows = await db
    .select({ chapterId: coinUnlocks.chapterId })
    .from(coinUnlocks)
    .where(and(eq(coinUnlocks.userId, userId), inArray(coinUnlocks.chapterId, [...chapterIds])))
  return new Set(rows.map((row) => String(row.chapterId)))
}
