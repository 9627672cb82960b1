import { randomBytes } from 'node:crypto'
import { getPlan, offeredPlans } from '@comics/core/rules'
import type { CheckoutRequest } from '@comics/core/contract'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { checkouts } from '../db/schema'
import { HttpError } from '../http/http-error'
import { activeLevelOfUser } from './active-level-of-user'
import { isOnAllowedOrigin } from './allowed-origin'

/**
 * Starts a sandbox checkout for a plan and answers the URL of its payment page. The plan must be one the
 * reader is offered (core `offeredPlans`: above the active level), `level` must be the plan's level and
 * `urlSuccess` must be on an allowed origin, so the page never redirects anywhere else.
 */
export async function createCheckout(
  db: Database,
  clock: Clock,
  options: { allowedOrigins: readonly string[]; publicUrl: string },
  userId: string,
  request: CheckoutRequest,
): Promise<{ url: string }> {
  const plan = getPlan(request.title)!
  if (plan.level !== request.level) {
    throw new HttpError(400, 'invalid_request', `Plan '${plan.id}' is level ${plan.level}, not ${request.level}`, {
      level: [`Expected ${plan.level} for plan '${plan.id}'`],
    })
  }
  if (!isOnAllowedOrigin(request.urlSuccess, options.allowedOrigins)) {
    throw new HttpError(400, 'invalid_request', 'urlSuccess must be on an allowed origin', {
      urlSuccess: ['Not on an allowed origin'],
    })
  }
  const now = clock.now()
  const level = await activeLevelOfUser(db, userId, now)
  if (!offeredPlans(level).some((offered) => offered.id === plan.id)) {
    throw new HttpError(409, 'plan_not_offered', `Plan '${plan.id}' is not above your active level ${level}`)
  }
  // The id is the only key to the sandbox payment page, like a provider's session id: unguessable.
  const id = randomBytes(24).toString('base64url')
  // Stored as the parsed URL: the raw text may hold characters (line breaks, non-Latin-1) that a Location
  // header cannot carry, which the URL parser drops or percent-encodes.
  const urlSuccess = new URL(request.urlSuccess).href
  await db.insert(checkouts).values({ id, userId, planId: plan.id, level: plan.level, urlSuccess, createdAt: now })
  return { url: `${options.publicUrl}/api/v1/checkout/${id}` }
}
