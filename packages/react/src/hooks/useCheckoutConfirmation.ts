import { useEffect } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, type Subscription } from '@comics/core'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'
import { useSession } from './useSession'

/** Where a checkout the reader came back from stands. */
export type CheckoutConfirmation =
  | { status: 'idle' | 'confirming' | 'pending' | 'declined' | 'cancelled' }
  | { status: 'active'; subscription: Subscription }
  | { status: 'error'; error: Error; retry: () => void }

/** How often a pending payment is asked about again. */
export const CONFIRMATION_POLL_MS = 1_000

/**
 * The reader is back from the provider's checkout (urlSuccess carries `?checkout={id}`): asks the API to
 * confirm it (POST /subscriptions), which grants only what the provider says was paid. While the payment
 * is pending (a delayed card, an event not landed yet) it asks again every second; once active, the
 * viewer's subscriptions and payments are fetched again, so the account turns active without a reload.
 * @example
 * const confirmation = useCheckoutConfirmation(searchParams.get('checkout') ?? undefined)
 */
export function useCheckoutConfirmation(checkoutId: string | undefined): CheckoutConfirmation {
  const { api } = useComicsContext('useCheckoutConfirmation')
  const { signedIn, user } = useSession()
  const queryClient = useQueryClient()
  const viewerId = user?.uid ?? null
  const query = useQuery({
    queryKey: queryKeys.checkoutConfirmation(checkoutId ?? '', viewerId),
    enabled: signedIn && Boolean(checkoutId),
    queryFn: async ({ signal }) => {
      try {
        const [subscription] = (await api.subscriptions.createPayment({ checkoutId: checkoutId! }, { signal })).data
        return { status: 'active' as const, subscription: subscription! }
      } catch (error) {
        if (error instanceof ApiError) {
          if (error.code === 'payment_pending') return { status: 'pending' as const }
          if (error.code === 'payment_declined') return { status: 'declined' as const }
          if (error.code === 'checkout_cancelled' || error.code === 'payment_refunded') return { status: 'cancelled' as const }
        }
        throw error
      }
    },
    refetchInterval: (current) => (current.state.data?.status === 'pending' ? CONFIRMATION_POLL_MS : false),
    staleTime: Infinity,
  })
  const active = query.data?.status === 'active'
  useEffect(() => {
    if (!active) return
    void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions(viewerId) })
    void queryClient.invalidateQueries({ queryKey: queryKeys.payments(viewerId) })
  }, [active, queryClient, viewerId])

  if (!checkoutId || !signedIn) return { status: 'idle' }
  if (query.data) return query.data
  if (query.error) return { status: 'error', error: query.error, retry: () => void query.refetch() }
  return { status: 'confirming' }
}
