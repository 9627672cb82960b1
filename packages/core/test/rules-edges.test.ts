import { describe, expect, it } from 'vitest'
import {
  COIN_CREDIT_MAX,
  coinCreditProblems,
  commentTextOf,
  episodeProgress,
  isRefundRequestInWindow,
  isVariantShownOn,
  latestPublication,
  newEpisodes,
  nextPublication,
  searchQueryOf,
  SEARCH_QUERY_LENGTH,
  subscriptionInForce,
  variantsShownOn,
  WAIT_FOR_FREE_MAX_HOURS,
  WAIT_FOR_FREE_MAX_NEWEST_EXCLUDED,
  waitForFreeSettingProblems,
} from '../src/rules'

// The edges of the rules as a caller meets them: the last value a limit lets through and the first it
// refuses, ties, and the host's editions. Each case here failed to notice a change the mutation run of the
// rules made (docs/reliability.md, "Mutation testing").

describe('the editions a host serves', () => {
  it('the adult host serves all three editions, the mirror host the censored and legal ones', () => {
    expect(variantsShownOn('adult')).toEqual(['uncensored', 'censored', 'legal'])
    expect(variantsShownOn('normal')).toEqual(['censored', 'legal'])
  })

  it('agrees with the one-edition check for every host and edition', () => {
    for (const mode of ['adult', 'normal'] as const) {
      for (const variant of ['uncensored', 'censored', 'legal'] as const) {
        expect(isVariantShownOn(mode, variant), `${mode} ${variant}`).toBe(variantsShownOn(mode).includes(variant))
      }
    }
  })
})

describe('a support credit', () => {
  it('takes a reason of 3 to 500 characters once trimmed, and refuses one character fewer or more', () => {
    expect(coinCreditProblems({ coins: 1, reason: 'abc' })).toEqual([])
    expect(coinCreditProblems({ coins: 1, reason: ` ${'a'.repeat(500)} ` })).toEqual([])
    expect(coinCreditProblems({ coins: 1, reason: ' ab ' })).toEqual(['reason'])
    expect(coinCreditProblems({ coins: 1, reason: 'a'.repeat(501) })).toEqual(['reason'])
  })

  it('takes 1 to the most coins, and refuses 0, one more than the most and a fraction', () => {
    expect(coinCreditProblems({ coins: COIN_CREDIT_MAX, reason: 'goodwill' })).toEqual([])
    expect(coinCreditProblems({ coins: 0, reason: 'goodwill' })).toEqual(['coins'])
    expect(coinCreditProblems({ coins: COIN_CREDIT_MAX + 1, reason: 'goodwill' })).toEqual(['coins'])
    expect(coinCreditProblems({ coins: 1.5, reason: 'goodwill' })).toEqual(['coins'])
  })
})

describe("an admin's wait-for-free setting", () => {
  it('takes the largest wait and the most newest episodes kept out, and refuses one more of either', () => {
    expect(waitForFreeSettingProblems({ waitHours: WAIT_FOR_FREE_MAX_HOURS, newestExcluded: WAIT_FOR_FREE_MAX_NEWEST_EXCLUDED })).toEqual([])
    expect(waitForFreeSettingProblems({ waitHours: WAIT_FOR_FREE_MAX_HOURS + 1, newestExcluded: 0 })).toEqual(['waitHours'])
    expect(waitForFreeSettingProblems({ waitHours: 0, newestExcluded: WAIT_FOR_FREE_MAX_NEWEST_EXCLUDED + 1 })).toEqual(['newestExcluded'])
  })
})

describe('what a search sends', () => {
  it('counts the length after trimming: two letters inside spaces are a search, one letter is not', () => {
    expect(searchQueryOf('   ab   ')).toBe('ab')
    expect(searchQueryOf('  a  ')).toBeUndefined()
  })

  it('never ends on the space where a long query was cut', () => {
    const typed = `${'a'.repeat(SEARCH_QUERY_LENGTH.max - 1)} bcd`
    expect(searchQueryOf(typed)).toBe('a'.repeat(SEARCH_QUERY_LENGTH.max - 1))
  })
})

describe("a comment's text", () => {
  it('keeps an old Mac line end (a lone carriage return) as a line break', () => {
    expect(commentTextOf('first\rsecond\r\nthird')).toBe('first\nsecond\nthird')
  })
})

describe('the refund window', () => {
  it('counts a request made the moment of the payment, and none made before it', () => {
    const paidAt = new Date('2026-03-01T10:00:00Z')
    expect(isRefundRequestInWindow(paidAt, paidAt)).toBe(true)
    expect(isRefundRequestInWindow(paidAt, new Date(paidAt.getTime() - 1))).toBe(false)
  })
})

describe('the subscription in force', () => {
  it('of two at the same level, the one that runs longer', () => {
    const now = new Date('2026-03-01T00:00:00Z')
    const shorter = { status: 'active', level: 2, currentPeriodEnd: '2026-03-08T00:00:00Z' }
    const longer = { status: 'active', level: 2, currentPeriodEnd: '2026-04-01T00:00:00Z' }
    expect(subscriptionInForce([longer, shorter], now)).toBe(longer)
    expect(subscriptionInForce([shorter, longer], now)).toBe(longer)
  })

  it('of two that end together, the first listed', () => {
    const now = new Date('2026-03-01T00:00:00Z')
    const first = { status: 'active', level: 2, currentPeriodEnd: '2026-04-01T00:00:00Z' }
    const second = { ...first }
    expect(subscriptionInForce([first, second], now)).toBe(first)
  })
})

describe("a comic's publication times", () => {
  const now = new Date('2026-03-10T12:00:00Z')
  const at = (iso: string | null) => ({ publishAt: iso })

  it('the next one is the earliest still to come, whatever the order given', () => {
    const chapters = [at('2026-03-20T00:00:00Z'), at('2026-03-12T00:00:00Z'), at(null), at('2026-03-15T00:00:00Z')]
    expect(nextPublication(chapters, now)?.toISOString()).toBe('2026-03-12T00:00:00.000Z')
  })

  it('the latest one is the last at or before now, whatever the order given', () => {
    const chapters = [at('2026-03-01T00:00:00Z'), at('2026-03-10T12:00:00Z'), at(null), at('2026-03-05T00:00:00Z'), at('2026-03-11T00:00:00Z')]
    expect(latestPublication(chapters, now)?.toISOString()).toBe('2026-03-10T12:00:00.000Z')
    expect(latestPublication([at('2026-03-05T00:00:00Z'), at('2026-03-01T00:00:00Z')], now)?.toISOString()).toBe('2026-03-05T00:00:00.000Z')
  })

  it('an episode with no publish time is neither next nor latest', () => {
    expect(nextPublication([at(null)], now)).toBeNull()
    expect(latestPublication([at(null)], now)).toBeNull()
  })
})

describe('new episodes since a follow', () => {
  it('counts one published after the moment, up to and including now, and none without a publish time', () => {
    const since = Date.parse('2026-03-01T00:00:00Z')
    const now = Date.parse('2026-03-10T00:00:00Z')
    const chapters = [
      { id: 'at-since', publishAt: '2026-03-01T00:00:00Z' },
      { id: 'between', publishAt: '2026-03-05T00:00:00Z' },
      { id: 'at-now', publishAt: '2026-03-10T00:00:00Z' },
      { id: 'after', publishAt: '2026-03-11T00:00:00Z' },
      { id: 'none', publishAt: null },
    ]
    expect(newEpisodes(chapters, since, now).map((c) => c.id)).toEqual(['between', 'at-now'])
  })
})

describe("an episode's progress", () => {
  it('a one-page episode on its page is read to the end', () => {
    expect(episodeProgress(0, 1)).toEqual({ page: 1, pageCount: 1, share: 1 })
  })
})
