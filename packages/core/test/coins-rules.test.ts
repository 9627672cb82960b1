import { describe, expect, it } from 'vitest'
import {
  canAccessVariant,
  canGoNext,
  COIN_PACKS,
  coinCreditProblems,
  coinShortfall,
  coinUnlockRefusal,
  EPISODE_COIN_PRICE,
  getCoinPack,
  isCoinPackId,
  isEpisodeLocked,
  isUnlockedByReader,
  ledgerBalance,
  lockedEpisodeOffer,
  offersCoinUnlock,
  type Viewer,
} from '../src/rules'
import { CreditCoinsBodySchema } from '../src/contract'

const chapters = Array.from({ length: 8 }, (_, i) => ({ id: `c${i + 1}`, chapterNumber: i + 1 }))
const ep = (n: number) => chapters[n - 1]!
const reader: Viewer = { signedIn: true, level: 0 }
const withUnlocked = (...ids: string[]): Viewer => ({ ...reader, unlockedEpisodeIds: new Set(ids) })

describe('coin packs', () => {
  it('are fixed, smallest first, with their total and price in cents', () => {
    expect(COIN_PACKS.map((p) => [p.id, p.coins, p.bonusCoins, p.totalCoins, p.price, p.amount])).toEqual([
      ['coins-50', 50, 0, 50, 4.99, 499],
      ['coins-100', 100, 10, 110, 9.99, 999],
      ['coins-300', 300, 45, 345, 29.99, 2999],
      ['coins-500', 500, 100, 600, 49.99, 4999],
    ])
    expect(Object.isFrozen(COIN_PACKS)).toBe(true)
    expect(getCoinPack('coins-100')?.totalCoins).toBe(110)
    expect(isCoinPackId('coins-7')).toBe(false)
    expect(EPISODE_COIN_PRICE).toBe(10)
  })
})

describe('the lock rule with coin unlocks', () => {
  it('opens an unlocked episode to its reader only, and Next follows', () => {
    expect(isEpisodeLocked(ep(4), chapters, reader)).toBe(true)
    expect(isEpisodeLocked(ep(4), chapters, withUnlocked('c4'))).toBe(false)
    expect(isEpisodeLocked(ep(5), chapters, withUnlocked('c4'))).toBe(true)
    // A guest holding a set (a stale client state) is still locked out: unlocks belong to an account.
    expect(isEpisodeLocked(ep(4), chapters, { signedIn: false, level: 0, unlockedEpisodeIds: new Set(['c4']) })).toBe(true)
    expect(canGoNext(ep(3), chapters, reader)).toBe(false)
    expect(canGoNext(ep(3), chapters, withUnlocked('c4'))).toBe(true)
    expect(canGoNext(ep(4), chapters, withUnlocked('c4'))).toBe(false)
  })

  it('never opens the uncensored edition: that needs a level above 2', () => {
    expect(canAccessVariant('uncensored', withUnlocked('c4').level)).toBe(false)
    expect(canAccessVariant('censored', withUnlocked('c4').level)).toBe(true)
  })

  it('says why an unlock is refused: guest, free episode, subscriber, already unlocked', () => {
    expect(coinUnlockRefusal(ep(4), chapters, { signedIn: false, level: 0 })).toBe('sign_in_required')
    expect(coinUnlockRefusal(ep(2), chapters, reader)).toBe('episode_free')
    expect(coinUnlockRefusal(ep(4), chapters, { signedIn: true, level: 1 })).toBe('subscription_active')
    expect(coinUnlockRefusal(ep(4), chapters, withUnlocked('c4'))).toBe('already_unlocked')
    expect(coinUnlockRefusal(ep(4), chapters, reader)).toBeNull()
  })

  it('offers a guest sign-in and a reader without a subscription the unlock', () => {
    expect(lockedEpisodeOffer(ep(4), chapters, { signedIn: false, level: 0 })).toBe('sign-in')
    expect(lockedEpisodeOffer(ep(4), chapters, reader)).toBe('unlock-or-subscribe')
    expect(lockedEpisodeOffer(ep(4), chapters, { signedIn: true, level: 2 })).toBe('open')
    expect(lockedEpisodeOffer(ep(4), chapters, withUnlocked('c4'))).toBe('open')
    expect(lockedEpisodeOffer(ep(1), chapters, { signedIn: false, level: 0 })).toBe('open')
  })

  it("marks an episode 'Unlocked' only for the reader who unlocked it, never a free one or a subscriber's", () => {
    expect(isUnlockedByReader(ep(4), chapters, withUnlocked('c4'))).toBe(true)
    expect(isUnlockedByReader(ep(5), chapters, withUnlocked('c4'))).toBe(false)
    expect(isUnlockedByReader(ep(2), chapters, withUnlocked('c2'))).toBe(false)
    expect(isUnlockedByReader(ep(4), chapters, { signedIn: true, level: 1, unlockedEpisodeIds: new Set(['c4']) })).toBe(false)
    expect(isUnlockedByReader(ep(4), chapters, { signedIn: false, level: 0, unlockedEpisodeIds: new Set(['c4']) })).toBe(false)
  })

  it("offers a list row's coin unlock to a reader without a subscription only, never in the uncensored edition", () => {
    expect(offersCoinUnlock(ep(4), chapters, reader)).toBe(true)
    expect(offersCoinUnlock(ep(8), chapters, reader)).toBe(true)
    expect(offersCoinUnlock(ep(4), chapters, reader, { uncensored: true })).toBe(false)
    expect(offersCoinUnlock(ep(4), chapters, { signedIn: false, level: 0 })).toBe(false)
    expect(offersCoinUnlock(ep(4), chapters, { signedIn: true, level: 1 })).toBe(false)
    expect(offersCoinUnlock(ep(4), chapters, { signedIn: true, level: 3 }, { uncensored: true })).toBe(false)
    expect(offersCoinUnlock(ep(4), chapters, withUnlocked('c4'))).toBe(false)
    expect(offersCoinUnlock(ep(3), chapters, reader)).toBe(false)
  })

  it('checks a support credit as the contract does: whole coins from 1 to 100000, a reason of 3 to 500 characters', () => {
    const cases: Array<[number, string, string[]]> = [
      [15, 'Goodwill', []],
      [0, 'Goodwill', ['coins']],
      [1.5, 'Goodwill', ['coins']],
      [100_001, 'Goodwill', ['coins']],
      [Number.NaN, 'Goodwill', ['coins']],
      [100_000, '   ok   ', ['reason']],
      [1, 'x'.repeat(501), ['reason']],
      [-3, '', ['coins', 'reason']],
    ]
    for (const [coins, reason, problems] of cases) {
      expect(coinCreditProblems({ coins, reason })).toEqual(problems)
      expect(CreditCoinsBodySchema.safeParse({ userId: 'u1', coins, reason }).success).toBe(problems.length === 0)
    }
  })

  it('computes the shortfall and the ledger balance', () => {
    expect(coinShortfall(4)).toBe(6)
    expect(coinShortfall(25)).toBe(0)
    expect(ledgerBalance([{ coins: 110 }, { coins: -10 }, { coins: -10 }])).toBe(90)
    expect(ledgerBalance([])).toBe(0)
  })
})
