import type { ComicsListRequest, EpisodeAssetsQuery, SiteMode } from '@comics/core'

/**
 * Every query key of the kit, in one place so that invalidation and prefetching agree with the hooks.
 * Keys carry the site mode where the server answers by host, and the viewer where it answers by
 * viewer (a locked episode's assets, one's own subscriptions), so a sign-in never reuses a guest's
 * answer.
 */
export const queryKeys = {
  all: ['comics-kit'] as const,
  /** An episode's comments, per sort; every sort of the episode under `episodeComments`. */
  comments: (siteMode: SiteMode, viewerId: string | null, chapterId: string, sort: string) =>
    ['comics-kit', 'comments', siteMode, viewerId ?? 'guest', chapterId, sort] as const,
  episodeComments: (siteMode: SiteMode, viewerId: string | null, chapterId: string) =>
    ['comics-kit', 'comments', siteMode, viewerId ?? 'guest', chapterId] as const,
  /** A comic's comment and like counts per episode. */
  reactions: (siteMode: SiteMode, viewerId: string | null, comicId: string) => ['comics-kit', 'reactions', siteMode, viewerId ?? 'guest', comicId] as const,
  /** The moderation queue. */
  commentReports: () => ['comics-kit', 'comment-reports'] as const,
  comics: (siteMode: SiteMode, request: ComicsListRequest) => ['comics-kit', 'comics', siteMode, request] as const,
  comic: (siteMode: SiteMode, comicId: string) => ['comics-kit', 'comic', siteMode, comicId] as const,
  chapters: (comicId: string) => ['comics-kit', 'chapters', comicId] as const,
  episodeAssets: (query: EpisodeAssetsQuery, viewerId: string | null) =>
    ['comics-kit', 'assets', query.comicId, query.chapterId, query.variant, viewerId ?? 'guest'] as const,
  /** An episode's transcript: answered by host and, for a locked episode, by viewer. */
  transcript: (siteMode: SiteMode, chapterId: string, viewerId: string | null) =>
    ['comics-kit', 'transcript', siteMode, chapterId, viewerId ?? 'guest'] as const,
  genres: () => ['comics-kit', 'genres'] as const,
  subscriptions: (viewerId: string | null) => ['comics-kit', 'subscriptions', viewerId ?? 'guest'] as const,
  payments: (viewerId: string | null) => ['comics-kit', 'payments', viewerId ?? 'guest'] as const,
  checkoutConfirmation: (checkoutId: string, viewerId: string | null) =>
    ['comics-kit', 'checkout-confirmation', checkoutId, viewerId ?? 'guest'] as const,
  paymentMethods: () => ['comics-kit', 'payment-methods'] as const,
  coinPacks: () => ['comics-kit', 'coin-packs'] as const,
  coinBalance: (viewerId: string | null) => ['comics-kit', 'coin-balance', viewerId ?? 'guest'] as const,
  coinUnlocks: (viewerId: string | null) => ['comics-kit', 'coin-unlocks', viewerId ?? 'guest'] as const,
  waitForFree: (comicId: string, viewerId: string | null) => ['comics-kit', 'wait-for-free', comicId, viewerId ?? 'guest'] as const,
  coinHistory: (viewerId: string | null) => ['comics-kit', 'coin-history', viewerId ?? 'guest'] as const,
  auditLog: (comicsId: string | null, pageSize: number) => ['comics-kit', 'audit-log', comicsId ?? 'all', pageSize] as const,
  adminCoinBalance: (userId: string) => ['comics-kit', 'admin-coin-balance', userId] as const,
  adminCoinHistory: (userId: string) => ['comics-kit', 'admin-coin-history', userId] as const,
  comicSearch: (siteMode: SiteMode, query: string, limit: number) => ['comics-kit', 'comic-search', siteMode, query, limit] as const,
  comicSearchPages: (siteMode: SiteMode, query: string, limit: number) => ['comics-kit', 'comic-search-pages', siteMode, query, limit] as const,
  follows: (siteMode: SiteMode, viewerId: string | null) => ['comics-kit', 'follows', siteMode, viewerId ?? 'guest'] as const,
  /** Every follows query, whatever the host and viewer: asked again after each progress sync. */
  allFollows: () => ['comics-kit', 'follows'] as const,
}
