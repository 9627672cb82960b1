import type { FastifyInstance } from 'fastify'
import { endpoints } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { siteModeResolver } from '../host/site-mode-of-request'
import { registerEndpoint } from '../http/register-endpoint'
import { followComic, listFollows, unfollowComic } from '../reading/follows'
import { listProgress, syncProgress } from '../reading/reading-progress'

/** A signed-in reader's progress kept across devices, and the comics they follow. */
export function registerReadingRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, clock, fileStore } = context
  const siteModeOf = siteModeResolver(context.config.hosts)

  registerEndpoint(app, context, endpoints.listMyProgress, async ({ caller, request }) => ({
    data: await listProgress(db, caller!.uid, siteModeOf(request.headers.host)),
  }))
  registerEndpoint(app, context, endpoints.syncMyProgress, async ({ body, caller, request }) => ({
    data: await syncProgress(db, clock, caller!.uid, body.entries, siteModeOf(request.headers.host)),
  }))

  registerEndpoint(app, context, endpoints.listMyFollows, async ({ caller, request }) => ({
    data: await listFollows(db, clock, fileStore, caller!.uid, siteModeOf(request.headers.host)),
  }))
  registerEndpoint(app, context, endpoints.followComic, async ({ body, caller, request }) => ({
    data: [await followComic(db, clock, fileStore, caller!.uid, siteModeOf(request.headers.host), body.comicId)],
  }))
  registerEndpoint(app, context, endpoints.unfollowComic, async ({ params, caller }) => {
    await unfollowComic(db, caller!.uid, params.comicId)
    return { data: [{ comicId: params.comicId }] }
  })
}
