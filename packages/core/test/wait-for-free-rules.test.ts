import { describe, expect, it } from 'vitest'
import {
  isEpisodeLocked,
  isNewestExcluded,
  isWaitForFreeOn,
  offersWaitForFree,
  WAIT_FOR_FREE_OFF,
  waitForFreeCountdown,
  waitForFreeReadyAt,
  waitForFreeRefusal,
  waitForFreeSettingProblems,
  type Viewer,
} from '../src/rules'

const chapters = Array.from({ length: 10 }, (_, i) => ({ id: `c${i + 1}`, chapterNumber: i + 1 }))
const ep = (n: number) => chapters[n - 1]!
const reader: Viewer = { signedIn: true, level: 0 }
const daily = { waitHours: 24, newestExcluded: 2 }
const HOUR = 3_600_000
const NOW = Date.UTC(2026, 0, 10, 12)

describe('free after a wait: the setting', () => {
  it('is off by default, and off leaves every lock as the spec has it', () => {
    expect(isWaitForFreeOn(WAIT_FOR_FREE_OFF)).toBe(false)
    expect(waitForFreeRefusal(ep(4), chapters, reader, WAIT_FOR_FREE_OFF, null, NOW)).toBe('wait_for_free_off')
    expect(offersWaitForFree(ep(4), chapters, reader, WAIT_FOR_FREE_OFF)).toBe(false)
    expect(isEpisodeLocked(ep(4), chapters, reader)).toBe(true)
  })

  it('takes whole hours up to two weeks and a whole count of newest episodes', () => {
    expect(waitForFreeSettingProblems({ waitHours: 24, newestExcluded: 3 })).toEqual([])
    expect(waitForFreeSettingProblems({ waitHours: 0, newestExcluded: 0 })).toEqual([])
    expect(waitForFreeSettingProblems({ waitHours: 1.5, newestExcluded: -1 })).toEqual(['waitHours', 'newestExcluded'])
    expect(waitForFreeSettingProblems({ waitHours: 337, newestExcluded: 0 })).toEqual(['waitHours'])
  })
})

describe('free after a wait: who may unlock what, when', () => {
  it('lets a signed-in reader with a ready timer (never used) unlock a locked episode', () => {
    expect(waitForFreeRefusal(ep(4), chapters, reader, daily, null, NOW)).toBeNull()
    expect(offersWaitForFree(ep(4), chapters, reader, daily)).toBe(true)
  })

  it('restarts the timer at the unlock: refused until the wait has passed, then ready again', () => {
    const last = NOW - 23 * HOUR
    expect(waitForFreeReadyAt(daily, last)).toBe(NOW + HOUR)
    expect(waitForFreeRefusal(ep(5), chapters, reader, daily, last, NOW)).toBe('timer_running')
    expect(waitForFreeRefusal(ep(5), chapters, reader, daily, last, NOW + HOUR - 1)).toBe('timer_running')
    expect(waitForFreeRefusal(ep(5), chapters, reader, daily, last, NOW + HOUR)).toBeNull()
    // A running timer still shows the offer (as a countdown).
    expect(offersWaitForFree(ep(5), chapters, reader, daily)).toBe(true)
  })

  it('never frees the newest N episodes by waiting', () => {
    expect(isNewestExcluded(ep(9), chapters, 2)).toBe(true)
    expect(isNewestExcluded(ep(10), chapters, 2)).toBe(true)
    expect(isNewestExcluded(ep(8), chapters, 2)).toBe(false)
    expect(isNewestExcluded(ep(10), chapters, 0)).toBe(false)
    expect(waitForFreeRefusal(ep(9), chapters, reader, daily, null, NOW)).toBe('newest_excluded')
    expect(offersWaitForFree(ep(10), chapters, reader, daily)).toBe(false)
    expect(waitForFreeRefusal(ep(8), chapters, reader, daily, null, NOW)).toBeNull()
  })

  it('leaves a subscriber unaffected: nothing to unlock, nothing offered', () => {
    const subscriber: Viewer = { signedIn: true, level: 1 }
    expect(waitForFreeRefusal(ep(4), chapters, subscriber, daily, null, NOW)).toBe('subscription_active')
    expect(offersWaitForFree(ep(4), chapters, subscriber, daily)).toBe(false)
  })

  it('asks a guest to sign in, refuses the free episodes and those unlocked already', () => {
    expect(waitForFreeRefusal(ep(4), chapters, { signedIn: false, level: 0 }, daily, null, NOW)).toBe('sign_in_required')
    expect(offersWaitForFree(ep(4), chapters, { signedIn: false, level: 0 }, daily)).toBe(false)
    expect(waitForFreeRefusal(ep(3), chapters, reader, daily, null, NOW)).toBe('episode_free')
    const unlocked: Viewer = { ...reader, unlockedEpisodeIds: new Set(['c4']) }
    expect(waitForFreeRefusal(ep(4), chapters, unlocked, daily, null, NOW)).toBe('already_unlocked')
    // Kept for good: the unlocked episode is open to the reader like a coin unlock.
    expect(isEpisodeLocked(ep(4), chapters, unlocked)).toBe(false)
  })

  it('never offers the uncensored edition: it stays a subscription benefit', () => {
    expect(offersWaitForFree(ep(4), chapters, reader, daily, { uncensored: true })).toBe(false)
  })
})

describe('free after a wait: the countdown', () => {
  it('reads hours and minutes left, rounded up, then ready', () => {
    expect(waitForFreeCountdown(NOW + 23 * HOUR + 41 * 60_000, NOW)).toEqual({ ready: false, text: '23:41' })
    expect(waitForFreeCountdown(NOW + 1, NOW)).toEqual({ ready: false, text: '00:01' })
    expect(waitForFreeCountdown(NOW + 47 * HOUR + 59 * 60_000 + 30_000, NOW)).toEqual({ ready: false, text: '48:00' })
    expect(waitForFreeCountdown(NOW, NOW)).toEqual({ ready: true })
  })
})
