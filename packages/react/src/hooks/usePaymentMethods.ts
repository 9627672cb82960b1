import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { PaymentMethod } from '@comics/core'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'

/**
 * The payment methods a reader can pay with: type 'deposit' only (spec §7).
 * @example const { data: methods = [] } = usePaymentMethods()
 */
export function usePaymentMethods(): UseQueryResult<PaymentMethod[]> {
  const { api } = useComicsContext('usePaymentMethods')
  return useQuery({
    queryKey: queryKeys.paymentMethods(),
    queryFn: ({ signal }) => api.paymentMethods.deposit({ signal }),
  })
}
