import { PlanSelector } from '@comics/react'

/**
 * Subscription plans (spec §2 "Premium page"): the selector carries the back button, the sale banner,
 * the plans, the terms box and Select and Pay.
 */
export default function PremiumScreen() {
  return <PlanSelector />
}
