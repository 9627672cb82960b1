import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query'
import { getCoinPack, type CoinLedgerEntry, type CoinPackRefund, type CoinPackEntity, type CoinPackId, type CoinUnlock, type CreditCoinsBody } from '@comics/core'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'
import { useSession } from './useSession'

const NO_UNLOCKS: ReadonlySet<string> = new Set()

/** The coin packs on sale (GET /coins/packs). */
export function useCoinPacks() {
  const { api } = useComicsContext('useCoinPacks')
  const query = useQuery({
    queryKey: queryKeys.coinPacks(),
    queryFn: async ({ signal }) => (await api.coins.packs({ signal })).data,
    staleTime: Infinity,
  })
  return { packs: query.data ?? ([] as CoinPackEntity[]), isPending: query.isPending, error: query.error, refetch: query.refetch }
}

/**
 * The episodes the signed-in reader unlocked with coins (core `Viewer.unlockedEpisodeIds`). `useViewer`
 * asks for them only for a reader without a subscription, who is the only one they open anything for.
 */
export function useCoinUnlocks(options: { enabled?: boolean } = {}) {
  const { api } = useComicsContext('useCoinUnlocks')
  const { signedIn, user } = useSession()
  const enabled = signedIn && (options.enabled ?? true)
  const query = useQuery({
    queryKey: queryKeys.coinUnlocks(user?.uid ?? null),
    queryFn: async ({ signal }) => (await api.coins.unlocks(undefined, { signal })).data,
    enabled,
    select: (unlocks: CoinUnlock[]) => new Set(unlocks.map((unlock) => unlock.chapterId)) as ReadonlySet<string>,
  })
  return { episodeIds: enabled ? (query.data ?? NO_UNLOCKS) : NO_UNLOCKS, isPending: enabled && query.isPending, error: query.error }
}

/** The signed-in reader's coin history, newest first; an admin passes `userId` for another reader's. */
export function useCoinHistory(userId?: string) {
  const { api } = useComicsContext('useCoinHistory')
  const { signedIn, user } = useSession()
  const query = useQuery({
    queryKey: userId === undefined ? queryKeys.coinHistory(user?.uid ?? null) : queryKeys.adminCoinHistory(userId),
    queryFn: async ({ signal }) =>
      (await api.coins.history(userId === undefined ? undefined : { limit: 100, offset: 0, filters: { userId: [userId] } }, { signal })).data,
    enabled: signedIn,
  })
  return { entries: query.data ?? ([] as CoinLedgerEntry[]), isPending: signedIn && query.isPending, error: signedIn ? query.error : null, refetch: query.refetch }
}

/**
 * Unlocks an episode with coins. On success the balance, the unlocks (so the episode opens at once) and
 * the history are asked again; a refusal is an `ApiError` whose `code` says why (`insufficient_coins`).
 */
export function useUnlockEpisode(): UseMutationResult<CoinUnlock, Error, string> {
  const { api } = useComicsContext('useUnlockEpisode')
  const { user } = useSession()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (chapterId: string) => (await api.coins.unlock(chapterId)).data[0]!,
    onSettled: () => {
      const uid = user?.uid ?? null
      void queryClient.invalidateQueries({ queryKey: queryKeys.coinBalance(uid) })
      void queryClient.invalidateQueries({ queryKey: queryKeys.coinUnlocks(uid) })
      void queryClient.invalidateQueries({ queryKey: queryKeys.coinHistory(uid) })
    },
  })
}

export interface CoinCheckoutOptions {
  /** Where to send the browser with the checkout url; default the provider's `redirect`. */
  redirect?: (url: string) => void
}

/**
 * Starts the checkout of a coin pack and sends the browser to the payment page. `returnTo` is the full URL
 * the payment comes back to (the shop, with the episode to go back to): it gets `?checkout={id}`.
 */
export function useCoinCheckout(options: CoinCheckoutOptions = {}): UseMutationResult<string, Error, { packId: CoinPackId; returnTo: string }> {
  const { api, redirect } = useComicsContext('useCoinCheckout')
  return useMutation({
    mutationFn: async ({ packId, returnTo }) => {
      if (!getCoinPack(packId)) throw new TypeError(`Unknown coin pack ${packId}`)
      const { url } = await api.coins.checkout({ packId, urlSuccess: returnTo })
      ;(options.redirect ?? redirect)(url)
      return url
    },
  })
}

/** How often a pending coin purchase is asked about again. */
export const COIN_CONFIRMATION_POLL_MS = 1000

/**
 * Back from the payment page with `?checkout={id}`: asks for the coins until they are credited (once),
 * every second while the payment is pending. `status` is 'pending', 'credited' or 'failed'.
 */
export function useCoinPurchaseConfirmation(checkoutId: string | null) {
  const { api } = useComicsContext('useCoinPurchaseConfirmation')
  const { signedIn, user } = useSession()
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: ['comics-kit', 'coin-purchase', checkoutId, user?.uid ?? 'guest'],
    queryFn: async () => {
      try {
        const entry = (await api.coins.confirmPurchase({ checkoutId: checkoutId! })).data[0]!
        void queryClient.invalidateQueries({ queryKey: queryKeys.coinBalance(user?.uid ?? null) })
        void queryClient.invalidateQueries({ queryKey: queryKeys.coinHistory(user?.uid ?? null) })
        return { status: 'credited' as const, entry }
      } catch (error) {
        if ((error as { code?: string }).code === 'payment_pending') return { status: 'pending' as const }
        throw error
      }
    },
    enabled: signedIn && checkoutId !== null,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? COIN_CONFIRMATION_POLL_MS : false),
  })
  return {
    status: query.error ? ('failed' as const) : (query.data?.status ?? 'pending'),
    entry: query.data?.status === 'credited' ? query.data.entry : undefined,
    error: query.error,
  }
}

/** A reader's coin balance as an admin sees it (GET /admin/coins/{userId}/balance). */
export function useAdminCoinBalance(userId: string) {
  const { api } = useComicsContext('useAdminCoinBalance')
  const { signedIn } = useSession()
  const query = useQuery({
    queryKey: queryKeys.adminCoinBalance(userId),
    queryFn: async ({ signal }) => (await api.coins.balanceOf(userId, { signal })).data[0]!,
    enabled: signedIn && userId.length > 0,
  })
  return { balance: query.data?.balance, isPending: query.isPending, error: query.error, refetch: query.refetch }
}

/**
 * Credits coins to a reader with a reason (admin, POST /admin/coins/credits); the reader's balance and
 * history shown to the admin are asked again after it.
 */
export function useCreditCoins(): UseMutationResult<CoinLedgerEntry, Error, CreditCoinsBody> {
  const { api } = useComicsContext('useCreditCoins')
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: CreditCoinsBody) => (await api.coins.credit(body)).data[0]!,
    onSuccess: (_, body) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminCoinBalance(body.userId) })
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminCoinHistory(body.userId) })
    },
  })
}

/**
 * An admin refunds a coin pack through the provider (POST /admin/coins/purchases/{id}/refund): what is
 * left of its coins is taken back, coins spent stay spent. The reader's balance and history are read anew.
 */
export function useRefundCoinPack(userId: string): UseMutationResult<CoinPackRefund, Error, string> {
  const { api } = useComicsContext('useRefundCoinPack')
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (purchaseId: string) => (await api.coins.refundPack(purchaseId)).data[0]!,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminCoinBalance(userId) })
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminCoinHistory(userId) })
    },
  })
}
