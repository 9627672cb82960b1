import { hasSubscription } from './subscription'
import { isEpisodeLocked, isFreeEpisode, type EpisodeRef, type Viewer } from './episodes'

/** Coin pack identifiers, smallest first. */
export type CoinPackId = 'coins-50' | 'coins-100' | 'coins-300' | 'coins-500'

/**
 * A pack of Coins bought with real currency (spec §1, rules of §9). Prices are US dollars; `amount` is
 * US cents. Coins have no real-world value, are non-transferable and non-refundable.
 */
export interface CoinPack {
  id: CoinPackId
  /** Coins paid for. */
  coins: number
  /** Coins added on top of the paid ones (larger packs give more, as Webtoon's and Tappytoon's do). */
  bonusCoins: number
  /** What the pack credits: `coins + bonusCoins`. */
  totalCoins: number
  /** Price in US dollars. */
  price: number
  /** Price in US cents: what the provider charges. */
  amount: number
}

const pack = (id: CoinPackId, coins: number, bonusCoins: number, price: number): CoinPack => ({
  id,
  coins,
  bonusCoins,
  totalCoins: coins + bonusCoins,
  price,
  amount: Math.round(price * 100),
})

/**
 * The fixed list of coin packs, smallest first (docs/decisions.md "Coins").
 * @example COIN_PACKS.map((p) => p.id) // ['coins-50', 'coins-100', 'coins-300', 'coins-500']
 */
export const COIN_PACKS: readonly CoinPack[] = Object.freeze([
  pack('coins-50', 50, 0, 4.99),
  pack('coins-100', 100, 10, 9.99),
  pack('coins-300', 300, 45, 29.99),
  pack('coins-500', 500, 100, 49.99),
])

/** Coins one episode costs to unlock for good. */
export const EPISODE_COIN_PRICE = 10

/** The coin pack with this id, or undefined. */
export function getCoinPack(id: string): CoinPack | undefined {
  return COIN_PACKS.find((p) => p.id === id)
}

/** Whether a string names a coin pack. */
export function isCoinPackId(id: string): id is CoinPackId {
  return getCoinPack(id) !== undefined
}

/**
 * Why a reader may not unlock an episode with coins, or null when they may:
 * - 'sign_in_required': a guest (coins belong to an account);
 * - 'episode_free': one of the free episodes, open to everyone already;
 * - 'subscription_active': an active subscription opens every episode, nothing to pay;
 * - 'already_unlocked': unlocked before (asking again answers that unlock, never a second debit).
 * The uncensored edition is never opened by coins: a coin unlock opens the edition a reader without a
 * subscription would see (censored on the adult host, legal elsewhere).
 * @example coinUnlockRefusal(ep4, chapters, { signedIn: true, level: 2 }) // 'subscription_active'
 */
export function coinUnlockRefusal(
  chapter: EpisodeRef,
  chapters: readonly EpisodeRef[],
  viewer: Viewer,
): 'sign_in_required' | 'episode_free' | 'subscription_active' | 'already_unlocked' | null {
  if (!viewer.signedIn) return 'sign_in_required'
  if (isFreeEpisode(chapter, chapters)) return 'episode_free'
  if (hasSubscription(viewer.level)) return 'subscription_active'
  if (viewer.unlockedEpisodeIds?.has(chapter.id)) return 'already_unlocked'
  return null
}

/**
 * What a locked episode offers a viewer: a guest signs in first; a signed-in reader without a
 * subscription may unlock it for {@link EPISODE_COIN_PRICE} coins or subscribe; an open episode offers
 * nothing.
 */
export function lockedEpisodeOffer(
  chapter: EpisodeRef,
  chapters: readonly EpisodeRef[],
  viewer: Viewer,
): 'open' | 'sign-in' | 'unlock-or-subscribe' {
  if (!isEpisodeLocked(chapter, chapters, viewer)) return 'open'
  if (!viewer.signedIn) return 'sign-in'
  return 'unlock-or-subscribe'
}

/**
 * Whether an episode is open to this reader because they unlocked it (with coins, or free after a wait),
 * rather than because it is one of the free ones or they subscribe: the episode lists mark it 'Unlocked'.
 * @example isUnlockedByReader(ep4, chapters, { signedIn: true, level: 0, unlockedEpisodeIds: new Set(['c4']) }) // true
 */
export function isUnlockedByReader(chapter: EpisodeRef, chapters: readonly EpisodeRef[], viewer: Viewer): boolean {
  return coinUnlockRefusal(chapter, chapters, viewer) === 'already_unlocked'
}

/**
 * Whether an episode list offers a row's coin unlock ('Unlock for 10 coins', beside the row's own action):
 * only to a signed-in reader without a subscription, on a locked episode not unlocked yet, and never in
 * the uncensored edition (coins never open it). The row itself still goes to /premium (spec §6).
 * @example offersCoinUnlock(ep4, chapters, { signedIn: true, level: 0 }) // true
 */
export function offersCoinUnlock(
  chapter: EpisodeRef,
  chapters: readonly EpisodeRef[],
  viewer: Viewer,
  options: { uncensored?: boolean } = {},
): boolean {
  return !options.uncensored && lockedEpisodeOffer(chapter, chapters, viewer) === 'unlock-or-subscribe'
}

/**
 * Coins still missing to unlock an episode with `balance` coins: 0 when the balance is enough.
 * @example coinShortfall(4) // 6
 */
export function coinShortfall(balance: number, price = EPISODE_COIN_PRICE): number {
  return Math.max(0, price - balance)
}

/** The fields of a ledger entry the balance reads: a credit is positive, a debit negative. */
export interface CoinLedgerRef {
  coins: number
}

/**
 * The balance a ledger gives: the sum of its entries. The server keeps a balance row beside its ledger
 * and checks this equality; the kit never computes a balance itself.
 */
export function ledgerBalance(entries: readonly CoinLedgerRef[]): number {
  return entries.reduce((sum, entry) => sum + entry.coins, 0)
}
