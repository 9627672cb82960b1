import { useMutation, type UseMutationResult } from '@tanstack/react-query'
import { getPlan, routes, type PlanId } from '@comics/core'
import { useComicsContext } from './useComicsContext'

export interface CheckoutOptions {
  /** Where to send the browser with the checkout url; default the provider's `redirect`. */
  redirect?: (url: string) => void
  /** The origin whose /account the payment returns to; default `window.location.origin`. */
  origin?: string
}

/**
 * Starts a checkout for a plan and sends the browser to the returned url (spec §4 "On pay"). The
 * request carries the plan's level, the plan id as `title` and `urlSuccess` = this origin's /account
 * (spec §7). `isPending` is true from the click until the redirect: Select and Pay stays disabled.
 * @example
 * const checkout = useCheckout()
 * <button disabled={!agreed || checkout.isPending} onClick={() => checkout.mutate(selectedPlanId)}>
 */
export function useCheckout(options: CheckoutOptions = {}): UseMutationResult<string, Error, PlanId> {
  const { api, redirect } = useComicsContext('useCheckout')
  return useMutation({
    mutationFn: async (planId: PlanId) => {
      const plan = getPlan(planId)
      if (!plan) throw new TypeError(`Unknown plan ${planId}`)
      const origin = options.origin ?? window.location.origin
      const { url } = await api.checkout.create({ level: plan.level, title: plan.id, urlSuccess: `${origin}${routes.account}` })
      ;(options.redirect ?? redirect)(url)
      return url
    },
  })
}
