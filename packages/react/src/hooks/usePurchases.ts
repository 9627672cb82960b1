import { useQuery } from '@tanstack/react-query'
import { isFirstPurchase, type Payment } from '@comics/core'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'
import { useSession } from './useSession'

export interface PurchasesState {
  /** The viewer's payments; empty when signed out or still loading. */
  payments: Payment[]
  /**
   * Whether the viewer's next purchase is their first (core `isFirstPurchase`), so is charged a plan's
   * first-purchase price; true for a guest. Read it only once `isPending` is false.
   */
  firstPurchase: boolean
  /** True while a signed-in viewer's payments load for the first time. */
  isPending: boolean
  error: Error | null
}

/**
 * The signed-in viewer's payments and whether their next purchase is the first: the price the kit
 * shows is the price the server charges. Skipped when signed out.
 * @example
 * const { firstPurchase, isPending } = usePurchases()
 * const { price } = chargeFor(plan, { firstPurchase })
 */
export function usePurchases(): PurchasesState {
  const { api } = useComicsContext('usePurchases')
  const { signedIn, user } = useSession()
  const query = useQuery({
    queryKey: queryKeys.payments(user?.uid ?? null),
    // Their own, by uid: an admin's list without a filter is everyone's.
    queryFn: async ({ signal }) =>
      (await api.payments.list({ limit: 200, offset: 0, filters: { userId: [user!.uid] } }, { signal })).data,
    enabled: signedIn,
  })
  const payments = signedIn ? (query.data ?? []) : []
  return {
    payments,
    firstPurchase: isFirstPurchase(payments),
    isPending: signedIn && query.isPending,
    error: signedIn ? query.error : null,
  }
}
