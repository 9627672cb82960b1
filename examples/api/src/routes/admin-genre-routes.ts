import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { endpoints } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { genreFromRow } from '../catalogue/list-genres'
import { rowId } from '../db/row-id'
import { genres } from '../db/schema'
import { isUniqueViolation } from '../db/unique-violation'
import { HttpError, notFound } from '../http/http-error'
import { registerEndpoint } from '../http/register-endpoint'

const duplicateName = (name: string) => new HttpError(409, 'genre_exists', `A genre named '${name}' already exists`)

/** POST /genres and PATCH /genres/{id}: admin only. */
export function registerAdminGenreRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, cache } = context

  registerEndpoint(app, context, endpoints.createGenre, async ({ body }) => {
    try {
      const [row] = await db.insert(genres).values({ name: body.name, mature: body.mature }).returning()
      cache.invalidate()
      return { data: [genreFromRow(row!)] }
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateName(body.name)
      throw error
    }
  })

  registerEndpoint(app, context, endpoints.updateGenre, async ({ params, body }) => {
    const id = rowId(params.id)
    try {
      const [row] =
        id === undefined
          ? []
          : await db
              .update(genres)
              .set({ mature: body.mature, ...(body.name !== undefined ? { name: body.name } : {}) })
              .where(eq(genres.id, id))
              .returning()
      if (!row) throw notFound(`Genre ${params.id}`)
      cache.invalidate()
      return { data: [genreFromRow(row)] }
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateName(body.name ?? '')
      throw error
    }
  })
}
