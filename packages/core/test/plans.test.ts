import { describe, expect, it } from 'vitest'
import { PLANS, defaultPlanId, getPlan, membershipOffer, offeredPlans, planOfSubscription } from '@comics/core/rules'
import { PlanSchema } from '@comics/core/contract'

describe('plans (spec §3, §9)', () => {
  it('lists the four plans in order with the levels of spec §3', () => {
    expect(PLANS.map((p) => [p.id, p.level])).toEqual([
      ['1week', 1],
      ['4weeks', 2],
      ['12weeks', 3],
      ['24weeks', 4],
    ])
  })

  it('conforms to the contract', () => {
    for (const plan of PLANS) expect(PlanSchema.parse(plan)).toEqual(plan)
  })

  it('offers only plans above the active level and preselects one level up', () => {
    expect(offeredPlans(0).map((p) => p.id)).toEqual(['1week', '4weeks', '12weeks', '24weeks'])
    expect(offeredPlans(2).map((p) => p.id)).toEqual(['12weeks', '24weeks'])
    expect(offeredPlans(4)).toEqual([])
    expect(defaultPlanId(0)).toBe('4weeks')
    expect(defaultPlanId(1)).toBe('4weeks')
    expect(defaultPlanId(2)).toBe('12weeks')
    expect(defaultPlanId(3)).toBe('24weeks')
    expect(defaultPlanId(4)).toBeNull()
    expect(getPlan('nope')).toBeUndefined()
  })

  it('finds a subscription\'s plan by its id, or by its level without one', () => {
    expect(planOfSubscription({ planId: '12weeks', level: 3 })?.duration).toBe('12 weeks')
    expect(planOfSubscription({ level: 2 })?.id).toBe('4weeks')
    expect(planOfSubscription({ planId: null, level: 9 })).toBeUndefined()
  })

  it('offers membership to a reader without one, an upgrade below the top plan, nothing on it', () => {
    expect(membershipOffer(0)).toBe('join')
    expect([1, 2, 3].map(membershipOffer)).toEqual(['upgrade', 'upgrade', 'upgrade'])
    expect(membershipOffer(4)).toBe('none')
  })
})
