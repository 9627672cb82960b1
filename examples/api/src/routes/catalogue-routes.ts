import type { FastifyInstance, FastifyRequest } from 'fastify'
import { endpoints } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { grantAssets, grantHasSignedPages, listAssets } from '../catalogue/list-assets'
import { signingWindowAt, UrlSigner } from '../files/signed-urls'
import { listChapters } from '../catalogue/list-chapters'
import { listComics } from '../catalogue/list-comics'
import { listGenres } from '../catalogue/list-genres'
import { searchComics } from '../catalogue/search-comics'
import { prepareChecked } from '../catalogue/prepare-checked'
import { siteModeResolver } from '../host/site-mode-of-request'
import { HttpError } from '../http/http-error'
import type { CatalogueMissBound } from '../http/read-limits'
import { Prepared, registerEndpoint } from '../http/register-endpoint'
import { activeLevelOfUser } from '../payments/active-level-of-user'
import { unlockedEpisodeIds } from '../coins/unlock-episode'
import { PAYMENT_SYSTEMS } from '../payments/payment-systems'

// Public lists are revalidated with their ETag on every use; page lists depend on who asks (locks), so
// shared caches must not keep them.
const PUBLIC_LIST = 'public, no-cache'
const PER_CALLER_LIST = 'private, no-cache'
const ADMIN_LIST = 'private, no-store'
// Reads whose answer to a guest depends on their JSON body alone.
const REMEMBER_GUEST_ANSWERS = { rememberGuestAnswers: {} }

/**
 * The public catalogue reads: served from the catalogue cache with ETags. A query that misses the cache
 * (and every search) runs within its client's bound on queries in flight (`limits.misses`).
 */
export function registerCatalogueRoutes(
  app: FastifyInstance,
  context: AppContext,
  limits: { misses: CatalogueMissBound; clientKeyOf: (request: FastifyRequest) => Promise<string | null> },
): void {
  const { db, fileStore } = context
  const { misses, clientKeyOf } = limits
  /** The catalogue cache, its misses counted in the bound of `request`'s client. */
  const cache = {
    get: <T>(request: FastifyRequest, key: string, load: () => Promise<T>): Promise<T> =>
      context.cache.get(key, async () => misses.run(await clientKeyOf(request), load)),
  }
  const siteModeOf = siteModeResolver(context.config.hosts)
  const signer = new UrlSigner(context.config.filesSigningSecret)
  // Reads whose answer to a guest depends on their JSON body and the host's mode (core `isComicShownOn`).
  const REMEMBER_GUEST_ANSWERS_PER_HOST = { rememberGuestAnswers: { varies: (request: FastifyRequest) => siteModeOf(request.headers.host) } }

  registerEndpoint(app, context, endpoints.listComics, async ({ body, request }) => {
    const mode = siteModeOf(request.headers.host)
    const key = `comics:${mode}:${JSON.stringify(body)}`
    const prepared = await cache.get(request, key, async () =>
      prepareChecked(endpoints.listComics.response, await listComics(db, fileStore, body, mode)),
    )
    return new Prepared(prepared, PUBLIC_LIST)
  }, { rememberGuestAnswers: { varies: (request) => siteModeOf(request.headers.host) } })

  // Read from the database each time: queries are as many as what readers type, and the index answers them.
  registerEndpoint(app, context, endpoints.searchComics, async ({ body, request }) =>
    misses.run(await clientKeyOf(request), () => searchComics(db, fileStore, body, siteModeOf(request.headers.host))),
  )

  registerEndpoint(app, context, endpoints.listChapters, async ({ body, caller, request }) => {
    if (body.filters.includeUnpublished) {
      // Drafts and scheduled episodes: to admins only, read from the database each time, never kept.
      if (!caller) throw new HttpError(401, 'sign_in_required', 'Sign in: unpublished episodes are listed to admins only')
      if (!caller.admin) throw new HttpError(403, 'admin_required', 'Unpublished episodes are listed to admins only')
      const answer = prepareChecked(endpoints.listChapters.response, await listChapters(db, fileStore, body, context.clock.now()))
      return new Prepared(answer, ADMIN_LIST, 'Authorization')
    }
    // An admin's listing is of every comic, as their comic list; anyone else's of the host's comics.
    if (caller?.admin) {
      const answer = prepareChecked(endpoints.listChapters.response, await listChapters(db, fileStore, body, context.clock.now()))
      return new Prepared(answer, ADMIN_LIST, 'Authorization')
    }
    const mode = siteModeOf(request.headers.host)
    const prepared = await cache.get(request, `chapters:${mode}:${JSON.stringify(body)}`, async () =>
      prepareChecked(endpoints.listChapters.response, await listChapters(db, fileStore, body, context.clock.now(), mode)),
    )
    return new Prepared(prepared, PUBLIC_LIST)
  }, REMEMBER_GUEST_ANSWERS_PER_HOST)

  registerEndpoint(app, context, endpoints.listAssets, async ({ body, caller, request }) => {
    const now = context.clock.now()
    const grant = await grantAssets(
      db,
      context.cache,
      body,
      caller,
      siteModeOf(request.headers.host),
      () => activeLevelOfUser(db, caller!.uid, now),
      now,
      (chapterIds) => unlockedEpisodeIds(db, caller!.uid, chapterIds),
    )
    const paging = { limit: body.limit, offset: body.offset }
    // Signed addresses change with the signing window: an answer with any is kept for its window only.
    const window = grantHasSignedPages(grant) ? signingWindowAt(now).signedAt.getTime() : 0
    const prepared = await cache.get(request, `assets:${window}:${JSON.stringify([grant, paging])}`, async () =>
      prepareChecked(endpoints.listAssets.response, await listAssets(db, fileStore, grant, paging, { signer, now })),
    )
    return new Prepared(prepared, PER_CALLER_LIST, 'Authorization')
  }, REMEMBER_GUEST_ANSWERS_PER_HOST)

  registerEndpoint(app, context, endpoints.listGenres, async ({ body, request }) => {
    const prepared = await cache.get(request, `genres:${JSON.stringify(body)}`, async () =>
      prepareChecked(endpoints.listGenres.response, await listGenres(db, body)),
    )
    return new Prepared(prepared, PUBLIC_LIST)
  }, REMEMBER_GUEST_ANSWERS)

  const paymentSystems = prepareChecked(endpoints.listPaymentSystems.response, { data: PAYMENT_SYSTEMS })
  registerEndpoint(app, context, endpoints.listPaymentSystems, async () => new Prepared(paymentSystems, PUBLIC_LIST))
}
