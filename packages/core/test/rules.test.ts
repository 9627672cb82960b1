import { describe, expect, it } from 'vitest'
import {
  hasSubscription,
  isComicShownOn,
  isVariantShownOn,
  subscriptionPeriodEnd,
  variantsShownOn,
  AUTH_POPUP_SIZE,
  CANCELLATION_NOTICE_HOURS,
  COOKIE_BANNER_DELAY_MS,
  DEFAULT_PAYMENT_PLAN_ID,
  DEFAULT_PREMIUM_PLAN_ID,
  FEATURED_COUNT,
  FREE_EPISODES,
  HOME_NEW_COMICS,
  LAST_READ_LIMIT,
  MATURE_AGE,
  MAX_LEVEL,
  MINIMUM_AGE,
  MOBILE_BREAKPOINT_PX,
  PAGE_SIZE,
  PLANS,
  POLICY,
  SLIDER_SPEED_MS,
  TOKEN_MAX_AGE_MS,
  activeLevel,
  assetVariant,
  canAccessVariant,
  isPagePublic,
  canGoNext,
  canGoPrev,
  canReadUncensored,
  canUseSite,
  canViewMature,
  cancellationOutcome,
  chargeFor,
  contentRatingsFor,
  defaultPlanId,
  episodePosition,
  getPlan,
  hasUncensoredEdition,
  isCardClick,
  isEpisodeLocked,
  isFreeEpisode,
  isFirstPurchase,
  isPlanId,
  isReaderChromeVisible,
  isRefundRequestInWindow,
  liabilityCap,
  lockedEpisodeAction,
  nextEpisode,
  offeredPlans,
  priceToPay,
  pricePerWeek,
  previousEpisode,
  readUncensoredPath,
  retryDelayMs,
  sortEpisodes,
  subscriptionInForce,
  upgradeBanner,
  type EpisodeRef,
  type Viewer,
} from '@comics/core/rules'

const guest: Viewer = { signedIn: false, level: 0 }
const reader: Viewer = { signedIn: true, level: 0 }
const subscriber = (level: number): Viewer => ({ signedIn: true, level })

const chapter = (n: number, id = `c${n}`): EpisodeRef => ({ id, chapterNumber: n })
/** Six episodes, given out of order. */
const shuffled: EpisodeRef[] = [5, 2, 6, 1, 4, 3].map((n) => chapter(n))
/** Numbering with gaps: 2, 5, 9, 10, 40. */
const gappy: EpisodeRef[] = [10, 40, 2, 9, 5].map((n) => chapter(n))
const byId = (list: EpisodeRef[], id: string) => list.find((c) => c.id === id)!

describe('plans and prices (spec §3, §9)', () => {
  it.each([
    ['1week', 1, 7.99, 7.99, 'week'],
    ['4weeks', 2, 13.49, 15.99, '4 weeks'],
    ['12weeks', 3, 24.99, 35.99, '12 weeks'],
    ['24weeks', 4, 41.99, 79.99, '24 weeks'],
  ] as const)('%s is level %i at $%d first, then $%d every %s', (id, level, first, renewal, period) => {
    const plan = getPlan(id)!
    expect(plan.level).toBe(level)
    expect(plan.price).toBe(first)
    expect(plan.renewalPrice).toBe(renewal)
    expect(plan.period).toBe(period)
    expect(plan.badge).toBe('Premium')
    expect(chargeFor(plan, { firstPurchase: true })).toMatchObject({ price: first, amount: Math.round(first * 100) })
    expect(chargeFor(plan, { firstPurchase: false })).toMatchObject({
      price: renewal,
      amount: Math.round(renewal * 100),
    })
  })

  it('prices a buyer with no payment taken at the first-purchase price, anyone who has paid at the renewal price', () => {
    const plan = getPlan('24weeks')!
    expect(isFirstPurchase([])).toBe(true)
    // Nothing was taken by a declined or pending payment.
    expect(isFirstPurchase([{ status: 'declined' }, { status: 'pending' }])).toBe(true)
    expect(isFirstPurchase([{ status: 'paid' }])).toBe(false)
    // A refund does not give the discount back (spec §9: it applies only to the first purchase).
    expect(isFirstPurchase([{ status: 'refunded' }])).toBe(false)
    expect(priceToPay(plan, [])).toEqual({ price: 41.99, amount: 4199, pricePerWeek: 1.75 })
    expect(priceToPay(plan, [{ status: 'paid' }])).toEqual({ price: 79.99, amount: 7999, pricePerWeek: 3.33 })
  })

  // The spec's "about $3.35 / $1.99 / $1.69 per week" were typed by hand and match neither price.
  it('gives the per-week figure of the price paid: price ÷ weeks to the cent, for a first and a returning buyer', () => {
    const perWeek = (firstPurchase: boolean) => PLANS.map((p) => [p.id, chargeFor(p, { firstPurchase }).pricePerWeek])
    expect(perWeek(true)).toEqual([
      ['1week', 7.99],
      ['4weeks', 3.37],
      ['12weeks', 2.08],
      ['24weeks', 1.75],
    ])
    expect(perWeek(false)).toEqual([
      ['1week', 7.99],
      ['4weeks', 4],
      ['12weeks', 3],
      ['24weeks', 3.33],
    ])
    expect(PLANS.map((p) => p.pricePerWeek)).toEqual(perWeek(true).map(([, figure]) => figure))
    // Half a cent rounds up; integer cents in, so no floating-point drift.
    expect(pricePerWeek(1001, 2)).toBe(5.01)
    expect(pricePerWeek(999, 4)).toBe(2.5)
  })

  it('says the 12- and 24-week plans include uncensored content and the 4-week plan excludes it (spec §6)', () => {
    expect(getPlan('4weeks')!.description).toContain('not included')
    expect(getPlan('12weeks')!.description).not.toContain('not included')
    expect(getPlan('24weeks')!.description).not.toContain('not included')
    expect(PLANS.filter((p) => p.includesUncensored).map((p) => p.id)).toEqual(['12weeks', '24weeks'])
  })

  it('tells plan ids apart from other strings', () => {
    expect(isPlanId('12weeks')).toBe(true)
    expect(isPlanId('2weeks')).toBe(false)
    expect(getPlan('')).toBeUndefined()
    expect(MAX_LEVEL).toBe(4)
  })

  it('offers only the plans above the active level (spec §5)', () => {
    expect(offeredPlans(0).map((p) => p.id)).toEqual(['1week', '4weeks', '12weeks', '24weeks'])
    expect(offeredPlans(1).map((p) => p.id)).toEqual(['4weeks', '12weeks', '24weeks'])
    expect(offeredPlans(2).map((p) => p.id)).toEqual(['12weeks', '24weeks'])
    expect(offeredPlans(3).map((p) => p.id)).toEqual(['24weeks'])
    expect(offeredPlans(4)).toEqual([])
  })

  it('preselects 4weeks, then the plan one level above the active one, none at level 4 (spec §4, §9)', () => {
    expect(DEFAULT_PREMIUM_PLAN_ID).toBe('4weeks')
    expect(DEFAULT_PAYMENT_PLAN_ID).toBe('1week')
    expect(defaultPlanId(0)).toBe('4weeks')
    expect(defaultPlanId(1)).toBe('4weeks')
    expect(defaultPlanId(2)).toBe('12weeks')
    expect(defaultPlanId(3)).toBe('24weeks')
    expect(defaultPlanId(4)).toBeNull()
  })
})

describe('free and locked episodes (spec §6, §9)', () => {
  it('frees the first 3 episodes by chapter number whatever the input order', () => {
    expect(FREE_EPISODES).toBe(3)
    const locked = sortEpisodes(shuffled)
      .filter((c) => isEpisodeLocked(c, shuffled, reader))
      .map((c) => c.chapterNumber)
    expect(locked).toEqual([4, 5, 6])
  })

  it('counts positions, not numbers, when the numbering has gaps', () => {
    expect(episodePosition(byId(gappy, 'c9'), gappy)).toBe(2)
    expect(isEpisodeLocked(byId(gappy, 'c9'), gappy, guest)).toBe(false)
    expect(isEpisodeLocked(byId(gappy, 'c10'), gappy, guest)).toBe(true)
    expect(isEpisodeLocked(byId(gappy, 'c40'), gappy, guest)).toBe(true)
  })

  it('tells the free episodes by position, whatever their numbers (the admin shows and sends it)', () => {
    expect(shuffled.filter((c) => isFreeEpisode(c, shuffled)).map((c) => c.chapterNumber).sort()).toEqual([1, 2, 3])
    const late = [chapter(10), chapter(20), chapter(30), chapter(40)]
    expect(late.map((c) => isFreeEpisode(c, late))).toEqual([true, true, true, false])
    // A new chapter numbered below the others takes a free place, and the third one loses it.
    const withPrologue = [...late, chapter(0)]
    expect(withPrologue.map((c) => isFreeEpisode(c, withPrologue))).toEqual([true, true, false, false, true])
  })

  it('locks the same episodes for a guest and for a signed-in reader without subscription', () => {
    for (const c of shuffled) {
      expect(isEpisodeLocked(c, shuffled, guest)).toBe(c.chapterNumber > 3)
      expect(isEpisodeLocked(c, shuffled, reader)).toBe(c.chapterNumber > 3)
    }
  })

  it.each([1, 2, 3, 4])('unlocks every episode at level %i', (level) => {
    for (const c of shuffled) expect(isEpisodeLocked(c, shuffled, subscriber(level))).toBe(false)
  })

  it('does not open a 4th episode because its chapter says isFree: position decides', () => {
    const withFlag = [...shuffled.map((c) => ({ ...c, isFree: true }))]
    expect(isEpisodeLocked(byId(withFlag, 'c4'), withFlag, guest)).toBe(true)
  })

  it('sends a guest to sign in and a signed-in reader to /premium from a locked episode', () => {
    expect(lockedEpisodeAction(guest)).toBe('sign-in')
    expect(lockedEpisodeAction(reader)).toBe('premium')
  })

  it('sorts episodes by chapter number without touching the input', () => {
    const copy = [...gappy]
    expect(sortEpisodes(gappy).map((c) => c.chapterNumber)).toEqual([2, 5, 9, 10, 40])
    expect(gappy).toEqual(copy)
  })
})

describe('Prev and Next in the reader (spec §4)', () => {
  it('disables Prev on the first episode only', () => {
    expect(canGoPrev(byId(shuffled, 'c1'), shuffled)).toBe(false)
    expect(canGoPrev(byId(shuffled, 'c2'), shuffled)).toBe(true)
    expect(canGoPrev(byId(gappy, 'c2'), gappy)).toBe(false)
    expect(canGoPrev(byId(gappy, 'c5'), gappy)).toBe(true)
  })

  it('disables Next on the last episode, even with a subscription', () => {
    expect(canGoNext(byId(shuffled, 'c6'), shuffled, subscriber(4))).toBe(false)
    expect(canGoNext(byId(shuffled, 'c5'), shuffled, subscriber(1))).toBe(true)
  })

  it('disables Next on the third episode without a subscription, not before it', () => {
    for (const viewer of [guest, reader]) {
      expect(canGoNext(byId(shuffled, 'c2'), shuffled, viewer)).toBe(true)
      expect(canGoNext(byId(shuffled, 'c3'), shuffled, viewer)).toBe(false)
    }
    expect(canGoNext(byId(gappy, 'c9'), gappy, guest)).toBe(false)
    expect(canGoNext(byId(shuffled, 'c3'), shuffled, subscriber(1))).toBe(true)
  })

  it('finds the neighbours by chapter number', () => {
    expect(nextEpisode(byId(gappy, 'c5'), gappy)?.id).toBe('c9')
    expect(previousEpisode(byId(gappy, 'c5'), gappy)?.id).toBe('c2')
    expect(nextEpisode(chapter(99, 'missing'), gappy)).toBeUndefined()
  })

  it('keeps Next disabled on a two-episode comic at its end', () => {
    const two = [chapter(1), chapter(2)]
    expect(canGoNext(two[0]!, two, guest)).toBe(true)
    expect(canGoNext(two[1]!, two, guest)).toBe(false)
  })
})

describe('uncensored access and banners (spec §6, §9)', () => {
  const uncensoredComic = { genres: [{ id: 'g1', name: 'Romance' }, { id: 'g9', name: 'Uncensored' }] }
  const plainComic = { genres: [{ id: 'g1', name: 'Romance' }] }

  it('needs an active level above 2', () => {
    expect([0, 1, 2, 3, 4].map(canReadUncensored)).toEqual([false, false, false, true, true])
  })

  it('leads Read Uncensored to the uncensored page above level 2, else to /premium', () => {
    expect(readUncensoredPath('7', 3)).toBe('/comic/7/uncensored')
    expect(readUncensoredPath('7', 4)).toBe('/comic/7/uncensored')
    expect(readUncensoredPath('7', 2)).toBe('/premium')
    expect(readUncensoredPath('7', 0)).toBe('/premium')
  })

  it('recognises a comic with an uncensored genre', () => {
    expect(hasUncensoredEdition(uncensoredComic)).toBe(true)
    expect(hasUncensoredEdition({ genres: [{ name: ' uncensored ' }] })).toBe(true)
    expect(hasUncensoredEdition(plainComic)).toBe(false)
    expect(hasUncensoredEdition({ genres: [] })).toBe(false)
  })

  const comics = { plain: plainComic, 'uncensored-edition': uncensoredComic }
  it.each([
    ['guest', guest, 'plain', 'continue'],
    ['guest', guest, 'uncensored-edition', 'continue'],
    ['signed-in, no subscription', reader, 'plain', 'continue'],
    ['signed-in, no subscription', reader, 'uncensored-edition', 'continue'],
    ['level 1', subscriber(1), 'uncensored-edition', 'uncensored'],
    ['level 2', subscriber(2), 'uncensored-edition', 'uncensored'],
    ['level 1', subscriber(1), 'plain', null],
    ['level 2', subscriber(2), 'plain', null],
    ['level 3', subscriber(3), 'uncensored-edition', null],
    ['level 4', subscriber(4), 'uncensored-edition', null],
    ['level 3', subscriber(3), 'plain', null],
    ['level 4', subscriber(4), 'plain', null],
  ] as const)('upgrade banner for a %s reader on a %s comic: %s', (_who, viewer, comic, banner) => {
    expect(upgradeBanner(viewer, comics[comic])).toBe(banner)
  })

  it('asks the adult host for the uncensored or censored variant, any other host for legal', () => {
    expect(assetVariant({ mode: 'adult', uncensored: true })).toBe('uncensored')
    expect(assetVariant({ mode: 'adult', uncensored: false })).toBe('censored')
    expect(assetVariant({ mode: 'normal', uncensored: false })).toBe('legal')
    expect(assetVariant({ mode: 'normal', uncensored: true })).toBe('legal')
  })

  it('serves the uncensored variant only above level 2', () => {
    expect(canAccessVariant('uncensored', 2)).toBe(false)
    expect(canAccessVariant('uncensored', 3)).toBe(true)
    expect(canAccessVariant('censored', 0)).toBe(true)
    expect(canAccessVariant('legal', 0)).toBe(true)
  })

  it('shows AO on the adult host and T and M elsewhere (spec §3)', () => {
    expect(contentRatingsFor('adult')).toEqual(['AO'])
    expect(contentRatingsFor('normal')).toEqual(['T', 'M'])
  })
})

describe('subscription level and cancellation (spec §4, §9)', () => {
  const now = new Date('2026-06-01T12:00:00Z')

  it('takes the level from the active subscription', () => {
    expect(activeLevel([], now)).toBe(0)
    expect(activeLevel([{ status: 'active', level: 2 }], now)).toBe(2)
    expect(activeLevel([{ status: 'canceled', level: 4 }, { status: 'active', level: 1 }], now)).toBe(1)
    expect(activeLevel([{ status: 'pending', level: 3 }], now)).toBe(0)
    expect(activeLevel([{ status: 'active', level: 1 }, { status: 'active', level: 3 }], now)).toBe(3)
  })

  it('ignores an active subscription whose period has ended', () => {
    expect(activeLevel([{ status: 'active', level: 3, currentPeriodEnd: '2026-05-31T00:00:00Z' }], now)).toBe(0)
    expect(activeLevel([{ status: 'active', level: 3, currentPeriodEnd: '2026-06-30T00:00:00Z' }], now)).toBe(3)
  })

  it('picks the subscription in force: active, period not ended (exactly at its end it has ended), highest level', () => {
    const ended = { id: 'ended', status: 'active', level: 4, currentPeriodEnd: '2026-06-01T12:00:00Z' }
    const running = { id: 'running', status: 'active', level: 2, currentPeriodEnd: '2026-06-01T12:00:00.001Z' }
    const replaced = { id: 'replaced', status: 'replaced', level: 3, currentPeriodEnd: '2026-07-01T00:00:00Z' }
    expect(subscriptionInForce([ended, running, replaced], now)?.id).toBe('running')
    expect(activeLevel([ended, running, replaced], now)).toBe(2)
    expect(subscriptionInForce([ended], now)).toBeUndefined()
    expect(subscriptionInForce([ended], new Date(Date.parse(ended.currentPeriodEnd) - 1))?.id).toBe('ended')
    expect(subscriptionInForce([], now)).toBeUndefined()
  })

  it('takes the later period end between two subscriptions in force of one level', () => {
    const older = { id: 'older', status: 'active', level: 2, currentPeriodEnd: '2026-06-10T00:00:00Z' }
    const newer = { id: 'newer', status: 'active', level: 2, currentPeriodEnd: '2026-07-10T00:00:00Z' }
    expect(subscriptionInForce([older, newer], now)?.id).toBe('newer')
    expect(subscriptionInForce([newer, older], now)?.id).toBe('newer')
  })

  it('keeps access to the period end and stops renewal only with 24 hours of notice', () => {
    expect(CANCELLATION_NOTICE_HOURS).toBe(24)
    const periodEnd = new Date('2026-06-10T00:00:00Z')
    const hoursBefore = (h: number) => new Date(periodEnd.getTime() - h * 3_600_000)
    expect(cancellationOutcome(periodEnd, hoursBefore(48))).toEqual({ renewsOnce: false, accessUntil: periodEnd })
    expect(cancellationOutcome(periodEnd, hoursBefore(24)).renewsOnce).toBe(false)
    expect(cancellationOutcome(periodEnd, hoursBefore(23.9)).renewsOnce).toBe(true)
    expect(cancellationOutcome(periodEnd, hoursBefore(1)).accessUntil).toEqual(periodEnd)
  })
})

describe('policy constants (spec §9)', () => {
  it('holds the numbers of the policy pages', () => {
    expect(POLICY).toEqual({
      currency: 'USD',
      refundWindowDays: 120,
      refundReviewHours: 48,
      infoRequestReplyDays: 7,
      euWithdrawalDays: 14,
      californiaCancelBusinessDays: 3,
      californiaRefundDays: 10,
      liabilityCapUsd: 200,
      liabilityLookbackMonths: 6,
      cancellationNoticeHours: 24,
    })
    expect(Object.isFrozen(POLICY)).toBe(true)
  })

  it('caps liability at 200 dollars or the amount paid in 6 months, whichever is greater', () => {
    expect(liabilityCap(0)).toBe(200)
    expect(liabilityCap(199.99)).toBe(200)
    expect(liabilityCap(350)).toBe(350)
  })

  it('accepts refund requests within 120 calendar days of the payment', () => {
    const paid = new Date('2026-01-01T00:00:00Z')
    const after = (days: number) => new Date(paid.getTime() + days * 86_400_000)
    expect(isRefundRequestInWindow(paid, after(120))).toBe(true)
    expect(isRefundRequestInWindow(paid, after(120.01))).toBe(false)
    expect(isRefundRequestInWindow(paid, after(-1))).toBe(false)
  })

  it('sets the ages at 13 for the site and 18 for mature content', () => {
    expect([MINIMUM_AGE, MATURE_AGE]).toEqual([13, 18])
    expect([canUseSite(12), canUseSite(13)]).toEqual([false, true])
    expect([canViewMature(17), canViewMature(18)]).toEqual([false, true])
  })
})

describe('limits and timings (spec §4, §9)', () => {
  it('holds the constants of spec §9', () => {
    expect(LAST_READ_LIMIT).toBe(5)
    expect(PAGE_SIZE).toBe(200)
    expect(HOME_NEW_COMICS).toBe(10)
    expect(FEATURED_COUNT).toBe(3)
    expect(COOKIE_BANNER_DELAY_MS).toBe(1000)
    expect(MOBILE_BREAKPOINT_PX).toBe(768)
    expect(SLIDER_SPEED_MS).toBe(500)
    expect(AUTH_POPUP_SIZE).toEqual({ width: 500, height: 600 })
    expect(TOKEN_MAX_AGE_MS).toBe(300_000)
  })

  it('counts a slider card press as a click only within 200 ms and 5 px each way', () => {
    expect(isCardClick({ durationMs: 200, dx: 5, dy: -5 })).toBe(true)
    expect(isCardClick({ durationMs: 0, dx: 0, dy: 0 })).toBe(true)
    expect(isCardClick({ durationMs: 201, dx: 0, dy: 0 })).toBe(false)
    expect(isCardClick({ durationMs: 100, dx: 6, dy: 0 })).toBe(false)
    expect(isCardClick({ durationMs: 100, dx: 0, dy: -6 })).toBe(false)
    expect(isCardClick({ durationMs: 100, dx: -5.5, dy: 0 })).toBe(false)
  })

  it('shows the reader chrome at the top and within 10 px of the bottom only', () => {
    const page = { viewportHeight: 800, contentHeight: 5000 }
    expect(isReaderChromeVisible({ ...page, scrollTop: 0 })).toBe(true)
    expect(isReaderChromeVisible({ ...page, scrollTop: 1 })).toBe(false)
    expect(isReaderChromeVisible({ ...page, scrollTop: 2000 })).toBe(false)
    expect(isReaderChromeVisible({ ...page, scrollTop: 4189 })).toBe(false) // 11 px from the bottom
    expect(isReaderChromeVisible({ ...page, scrollTop: 4190 })).toBe(true) // 10 px
    expect(isReaderChromeVisible({ ...page, scrollTop: 4200 })).toBe(true)
  })

  it('backs off page retries from 1 s, doubling, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })
})

describe('isPagePublic', () => {
  it('makes the censored and legal pages of a free episode public, and no other page', () => {
    expect(isPagePublic({ variant: 'censored', free: true })).toBe(true)
    expect(isPagePublic({ variant: 'legal', free: true })).toBe(true)
    expect(isPagePublic({ variant: 'censored', free: false })).toBe(false)
    expect(isPagePublic({ variant: 'legal', free: false })).toBe(false)
    expect(isPagePublic({ variant: 'uncensored', free: true })).toBe(false)
    expect(isPagePublic({ variant: 'uncensored', free: false })).toBe(false)
  })
})

describe('the host rule', () => {
  it('shows AO on the adult host alone, and T and M on the mirror only when flagged', () => {
    expect(isComicShownOn('adult', { contentRating: 'AO', displayOnMirror: false })).toBe(true)
    expect(isComicShownOn('normal', { contentRating: 'AO', displayOnMirror: true })).toBe(false)
    expect(isComicShownOn('normal', { contentRating: 'T', displayOnMirror: true })).toBe(true)
    expect(isComicShownOn('normal', { contentRating: 'M', displayOnMirror: false })).toBe(false)
    expect(isComicShownOn('adult', { contentRating: 'M', displayOnMirror: true })).toBe(false)
  })

  it('never serves the uncensored variant on the mirror host', () => {
    expect(variantsShownOn('normal')).not.toContain('uncensored')
    expect(isVariantShownOn('normal', 'uncensored')).toBe(false)
    expect(isVariantShownOn('adult', 'uncensored')).toBe(true)
    expect(isVariantShownOn('normal', 'legal')).toBe(true)
  })

  it('has a subscription from level 1, and a period of whole weeks', () => {
    expect(hasSubscription(0)).toBe(false)
    expect(hasSubscription(1)).toBe(true)
    expect(subscriptionPeriodEnd(new Date('2026-01-01T00:00:00Z'), 4).toISOString()).toBe('2026-01-29T00:00:00.000Z')
  })
})
