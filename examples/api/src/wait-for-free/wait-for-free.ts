import { and, eq, lte } from 'drizzle-orm'
import type { WaitForFreeSettingBody, WaitForFreeStatus } from '@comics/core/contract'
import {
  isComicShownOn,
  WAIT_FOR_FREE_OFF,
  waitForFreeReadyAt,
  waitForFreeRefusal,
  type SiteMode,
  type WaitForFreeRefusal,
  type WaitForFreeSetting,
} from '@comics/core/rules'
import { recordAudit } from '../audit/audit-log'
import type { Caller } from '../auth/caller'
import type { CatalogueCache } from '../catalogue/catalogue-cache'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { coinUnlocks, comics, comicWaitForFree, waitForFreeTimers } from '../db/schema'
import { isUniqueViolation } from '../db/unique-violation'
import { HttpError } from '../http/http-error'
import { requestedRowIds } from '../http/requested-row-ids'
import { activeLevelOfUser } from '../payments/active-level-of-user'
import { episodeToUnlock, unlockOf } from '../coins/unlock-episode'

const HOUR_MS = 3_600_000

const REFUSALS: Record<Exclude<WaitForFreeRefusal, 'sign_in_required' | 'already_unlocked'>, string> = {
  wait_for_free_off: 'This comic does not free episodes after a wait',
  episode_free: 'This episode is free: there is nothing to unlock',
  subscription_active: 'Your subscription opens every episode',
  newest_excluded: 'The newest episodes of this comic are not free by waiting',
  timer_running: 'Your next free episode of this comic is not ready yet',
}

/** A free unlock refused by core `waitForFreeRefusal` (409 with the refusal as its code). */
export class WaitForFreeRefused extends HttpError {
  constructor(readonly refusal: keyof typeof REFUSALS) {
    super(409, refusal, REFUSALS[refusal])
  }
}

/** A comic's setting; a comic no admin set is off (core `WAIT_FOR_FREE_OFF`). */
async function settingOf(db: Database, comicId: number): Promise<WaitForFreeSetting> {
  const [row] = await db.select().from(comicWaitForFree).where(eq(comicWaitForFree.comicId, comicId))
  return row ? { waitHours: row.waitHours, newestExcluded: row.newestExcluded } : WAIT_FOR_FREE_OFF
}

async function lastFreeUnlockAt(db: Database, userId: string, comicId: number): Promise<number | null> {
  const [row] = await db
    .select({ at: waitForFreeTimers.lastUnlockAt })
    .from(waitForFreeTimers)
    .where(and(eq(waitForFreeTimers.userId, userId), eq(waitForFreeTimers.comicId, comicId)))
  return row ? row.at.getTime() : null
}

async function statusOf(db: Database, now: Date, comicId: number, userId: string | null): Promise<WaitForFreeStatus> {
  const setting = await settingOf(db, comicId)
  const readyAt = userId ? Math.max(waitForFreeReadyAt(setting, await lastFreeUnlockAt(db, userId, comicId)), 0) : null
  return {
    comicId: String(comicId),
    ...setting,
    ...(readyAt !== null ? { readyAt: new Date(readyAt).toISOString() } : {}),
    now: now.toISOString(),
  }
}

/**
 * GET /comics/:comicId/wait-for-free: the comic's setting and, for a signed-in caller, when their timer is
 * ready, with the server's time. 404 comic_not_found for a comic the host does not show (but to an admin).
 */
export async function waitForFreeStatus(db: Database, clock: Clock, comicIdText: string, caller: Caller, mode: SiteMode) {
  const [comicId] = requestedRowIds([comicIdText], 'comicId')
  // An admin sees every comic's setting whatever the host, as the admin's comic list does.
  const [comic] = await db
    .select({ contentRating: comics.contentRating, displayOnMirror: comics.displayOnMirror })
    .from(comics)
    .where(eq(comics.id, comicId!))
  if (!comic || (!caller?.admin && !isComicShownOn(mode, comic))) {
    throw new HttpError(404, 'comic_not_found', `Comic '${comicIdText}' not found`)
  }
  return statusOf(db, clock.now(), comicId!, caller?.uid ?? null)
}

/**
 * POST /wait-for-free/unlocks: a reader whose timer of the comic is ready unlocks one locked episode for
 * good (an unlock of 0 coins, `via` 'wait') and the timer restarts, by the server's clock. The timer row
 * moves in one conditional upsert inside the unlock's transaction: of two racing asks only one moves it;
 * the other is refused `timer_running`, or answered the unlock when it asked for the same episode.
 */
export async function unlockEpisodeFree(
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
  const setting = await settingOf(db, episode.comicId)
  const viewer = { signedIn: true, level: await activeLevelOfUser(db, userId, now) }
  const refusal = waitForFreeRefusal(episode, episode.siblings, viewer, setting, await lastFreeUnlockAt(db, userId, episode.comicId), now.getTime())
  if (refusal && refusal !== 'sign_in_required' && refusal !== 'already_unlocked') {
    // A racing ask of the same episode may have unlocked it (and started the timer) since the check above.
    const unlockedMeanwhile = await unlockOf(db, userId, chapterId)
    if (unlockedMeanwhile) return unlockedMeanwhile
    throw new WaitForFreeRefused(refusal)
  }
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database
      const readyIfBefore = new Date(now.getTime() - setting.waitHours * HOUR_MS)
      const moved = await tx
        .insert(waitForFreeTimers)
        .values({ userId, comicId: episode.comicId, lastUnlockAt: now })
        .onConflictDoUpdate({
          target: [waitForFreeTimers.userId, waitForFreeTimers.comicId],
          set: { lastUnlockAt: now },
          setWhere: lte(waitForFreeTimers.lastUnlockAt, readyIfBefore),
        })
        .returning()
      if (moved.length === 0) {
        // Another ask committed first: the same episode's unlock is this one's answer.
        const again = await unlockOf(tx, userId, chapterId)
        if (again) return again
        throw new WaitForFreeRefused('timer_running')
      }
      const [unlock] = await tx
        .insert(coinUnlocks)
        .values({ userId, chapterId, comicId: episode.comicId, ledgerId: null, coins: 0, via: 'wait', unlockedAt: now })
        .returning()
      return unlock!
    })
  } catch (error) {
    if (isUniqueViolation(error)) {
      const first = await unlockOf(db, userId, chapterId)
      if (first) return first
    }
    throw error
  }
}

/**
 * PUT /admin/comics/:comicId/wait-for-free (admin): sets a comic's wait and newest episodes kept out (0
 * hours turns it off), with its audit row (before and after) in the same transaction.
 */
export async function setWaitForFree(
  db: Database,
  clock: Clock,
  caller: Caller,
  comicIdText: string,
  body: WaitForFreeSettingBody,
): Promise<WaitForFreeStatus> {
  const [comicId] = requestedRowIds([comicIdText], 'comicId')
  const [comic] = await db.select({ id: comics.id }).from(comics).where(eq(comics.id, comicId!))
  if (!comic) throw new HttpError(404, 'comic_not_found', `Comic '${comicIdText}' not found`)
  const after = { waitHours: body.waitHours, newestExcluded: body.newestExcluded }
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database
    const before = await settingOf(tx, comicId!)
    await tx.insert(comicWaitForFree).values({ comicId: comicId!, ...after }).onConflictDoUpdate({ target: comicWaitForFree.comicId, set: after })
    await recordAudit(tx, clock, caller, { action: 'edit', targetType: 'comic', targetId: comicId!, comicId: comicId!, detail: { waitForFree: { before, after } } })
  })
  return statusOf(db, clock.now(), comicId!, caller?.uid ?? null)
}
