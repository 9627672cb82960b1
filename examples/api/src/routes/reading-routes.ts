import type { FastifyInstance } from 'fastify'
import { endpoints } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { siteModeResolver } from '../host/site-mode-of-request'
import { prepareChecked } from '../catalogue/prepare-checked'
import { Prepared, registerEndpoint } from '../http/register-endpoint'
import { followComic, listFollows, unfollowComic } from '../reading/follows'
import type { ReaderCache } from '../reading/reader-cache'
import { listProgress, POSITIONS_KEY, syncProgress } from '../reading/reading-progress'

/** A reader's own answers: never kept by a cache between the reader and the service. */
const PRIVATE_ANSWER = 'no-store'

/**
 * A signed-in reader's progress kept across devices, and the comics they follow. Both are read through the
 * reader cache (reader-cache.ts) and dropped from it by the reader's writes; the answers are kept as they
 * are sent (checked against the contract and serialised once): the follows' per host, the positions' with
 * the positions (per host, until a write changes them), which a sync answers too.
 */
export function registerReadingRoutes(app: FastifyInstance, context: AppContext, readers: ReaderCache): void {
  const { db, clock, fileStore } = context
  const siteModeOf = siteModeResolver(context.config.hosts)

  // Both answer the kept positions' prepared answer for the host (reading-progress.ts `KeptPositions`).
  registerEndpoint(app, context, endpoints.listMyProgress, async ({ caller, request }) =>
    new Prepared(await listProgress(db, readers, caller!.uid, siteModeOf(request.headers.host)), PRIVATE_ANSWER),
  )
  registerEndpoint(
    app,
    context,
    endpoints.syncMyProgress,
    async ({ body, caller, request }) =>
      new Prepared(await syncProgress(db, readers, clock, caller!.uid, body.entries, siteModeOf(request.headers.host)), PRIVATE_ANSWER),
    // The kit syncs on each page turned: a success is not worth an info line each.
    { background: true },
  )

  registerEndpoint(app, context, endpoints.listMyFollows, async ({ caller, request }) => {
    const mode = siteModeOf(request.headers.host)
    return readers.get(caller!.uid, `follows ${mode}`, async () => {
      const data = await listFollows(db, clock, fileStore, caller!.uid, mode)
      return new Prepared(prepareChecked(endpoints.listMyFollows.response, { data }), PRIVATE_ANSWER)
    })
  })
  // A follow changes the reader's follows, not their positions.
  const followsChanged = (uid: string) => readers.changed(uid, (key) => key !== POSITIONS_KEY)
  registerEndpoint(app, context, endpoints.followComic, async ({ body, caller, request }) => {
    try {
      return { data: [await followComic(db, clock, fileStore, caller!.uid, siteModeOf(request.headers.host), body.comicId)] }
    } finally {
      followsChanged(caller!.uid)
    }
  })
  registerEndpoint(app, context, endpoints.unfollowComic, async ({ params, caller }) => {
    try {
      await unfollowComic(db, caller!.uid, params.comicId)
    } finally {
      followsChanged(caller!.uid)
    }
    return { data: [{ comicId: params.comicId }] }
  })
}
