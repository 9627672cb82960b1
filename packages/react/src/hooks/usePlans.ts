import { defaultPlanId, offeredPlans, PLANS, type Plan, type PlanId } from '@comics/core'
import { useViewer } from './useViewer'

export interface PlansState {
  /** Plans above the viewer's active level (spec §5). */
  plans: Plan[]
  /** The fixed list of spec §9, for the payment page and order summary. */
  allPlans: readonly Plan[]
  /** Preselected plan: 4weeks without a subscription, else one level above it; null at the top. */
  defaultPlanId: PlanId | null
  /** The viewer's active level. */
  level: number
  /** Nothing is above the viewer's level: the maximum-subscription text shows (spec §2). */
  hasMaximum: boolean
  /** True while the level is not known yet. */
  isPending: boolean
}

/**
 * The plans offered to the viewer and the default selection, by the core rules.
 * @example
 * const { plans, defaultPlanId, hasMaximum } = usePlans()
 * const [selected, setSelected] = useState(defaultPlanId)
 */
export function usePlans(): PlansState {
  const { level, isPending } = useViewer()
  const plans = offeredPlans(level)
  return {
    plans,
    allPlans: PLANS,
    defaultPlanId: defaultPlanId(level),
    level,
    hasMaximum: plans.length === 0,
    isPending,
  }
}
