import { useQuery } from '@tanstack/react-query'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'
import { useSession } from './useSession'

/** The signed-in reader's coin balance and the price of one episode; skipped when signed out. */
export function useCoinBalance() {
  const { api } = useComicsContext('useCoinBalance')
  const { signedIn, user } = useSession()
  const query = useQuery({
    queryKey: queryKeys.coinBalance(user?.uid ?? null),
    queryFn: async ({ signal }) => (await api.coins.balance({ signal })).data[0]!,
    enabled: signedIn,
  })
  return {
    balance: signedIn ? query.data?.balance : undefined,
    episodePrice: query.data?.episodePrice,
    isPending: signedIn && query.isPending,
    error: signedIn ? query.error : null,
    refetch: query.refetch,
  }
}
