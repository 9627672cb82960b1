import { useQuery } from '@tanstack/react-query'
import { subscriptionInForce, type Subscription } from '@comics/core'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'
import { useSession } from './useSession'

export interface SubscriptionState {
  /** The viewer's subscriptions; empty when signed out or still loading. */
  subscriptions: Subscription[]
  /** The level in force: that of `active`, 0 without one (spec §4). */
  level: number
  /**
   * The subscription in force now (core `subscriptionInForce`): status `active` and a period that has not
   * ended, the highest level first. An `active` record whose period ended is not in force.
   */
  active: Subscription | undefined
  /** True while a signed-in viewer's subscriptions load for the first time. */
  isPending: boolean
  error: Error | null
  refetch: () => Promise<unknown>
}

/**
 * The signed-in viewer's subscriptions and the active level. The query is skipped when signed out
 * (spec §7 "Subscriptions list").
 * @example
 * const { level } = useSubscription()
 * return level >= 3 ? <UncensoredBadge /> : null
 */
export function useSubscription(): SubscriptionState {
  const { api } = useComicsContext('useSubscription')
  const { signedIn, user } = useSession()
  const query = useQuery({
    queryKey: queryKeys.subscriptions(user?.uid ?? null),
    queryFn: async ({ signal }) => (await api.subscriptions.list(undefined, { signal })).data,
    enabled: signedIn,
  })
  const subscriptions = signedIn ? (query.data ?? []) : []
  const active = subscriptionInForce(subscriptions)
  return {
    subscriptions,
    level: active?.level ?? 0,
    active,
    isPending: signedIn && query.isPending,
    error: signedIn ? query.error : null,
    refetch: query.refetch,
  }
}
