import type { FastifyInstance } from 'fastify'
import { endpoints } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { unlockFromRow } from '../coins/coin-views'
import { siteModeResolver } from '../host/site-mode-of-request'
import { registerEndpoint } from '../http/register-endpoint'
import { setWaitForFree, unlockEpisodeFree, waitForFreeStatus } from '../wait-for-free/wait-for-free'

/** Free after a wait: a comic's status for the caller, the free unlock, and the admin's setting. */
export function registerWaitForFreeRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, clock, cache, config } = context
  const siteModeOf = siteModeResolver(config.hosts)
  const rateLimit = { max: config.paymentRateLimitPerMinute, timeWindow: '1 minute' }

  registerEndpoint(app, context, endpoints.getWaitForFree, async ({ params, caller, request }) => ({
    data: [await waitForFreeStatus(db, clock, params.comicId, caller, siteModeOf(request.headers.host))],
  }))

  registerEndpoint(
    app,
    context,
    endpoints.unlockEpisodeFree,
    async ({ body, caller, request }) => ({
      data: [unlockFromRow(await unlockEpisodeFree(db, cache, clock, caller!.uid, body.chapterId, siteModeOf(request.headers.host)))],
    }),
    { rateLimit },
  )

  registerEndpoint(app, context, endpoints.setWaitForFree, async ({ params, body, caller }) => ({
    data: [await setWaitForFree(db, clock, caller, params.comicId, body)],
  }))
}
