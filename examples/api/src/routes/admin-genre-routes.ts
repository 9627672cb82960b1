import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { endpoints } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { recordAudit } from '../audit/audit-log'
import type { Database } from '../db/database'
import { genreFromRow } from '../catalogue/list-genres'
import { rowId } from '../db/row-id'
import { genres } from '../db/schema'
import { isUniqueViolation } from '../db/unique-violation'
import { HttpError, notFound } from '../http/http-error'
import { registerEndpoint } from '../http/register-endpoint'

const duplicateName = (name: string) => new HttpError(409, 'genre_exists', `A genre named '${name}' already exists`)

/** POST /genres and PATCH /genres/{id}: admin only. */
export function registerAdminGenreRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, cache, clock } = context

  registerEndpoint(app, context, endpoints.createGenre, async ({ body, caller }) => {
    try {
      const [row] = await db.transaction(async (tx) => {
        const created = await tx.insert(genres).values({ name: body.name, mature: body.mature }).returning()
        await recordAudit(tx as unknown as Database, clock, caller, {
          action: 'create', targetType: 'genre', targetId: created[0]!.id, detail: { name: body.name, mature: body.mature },
        })
        return created
      })
      cache.invalidate()
      return { data: [genreFromRow(row!)] }
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateName(body.name)
      throw error
    }
  })

  registerEndpoint(app, context, endpoints.updateGenre, async ({ params, body, caller }) => {
    const id = rowId(params.id)
    try {
      const [row] =
        id === undefined
          ? []
          : await db.transaction(async (tx) => {
              const updated = await tx
                .update(genres)
                .set({ mature: body.mature, ...(body.name !== undefined ? { name: body.name } : {}) })
                .where(eq(genres.id, id))
                .returning()
              if (updated.length > 0) {
                await recordAudit(tx as unknown as Database, clock, caller, {
                  action: 'edit', targetType: 'genre', targetId: id, detail: { changed: Object.keys(body) },
                })
              }
              return updated
            })
      if (!row) throw notFound(`Genre ${params.id}`)
      cache.invalidate()
      return { data: [genreFromRow(row)] }
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateName(body.name ?? '')
      throw error
    }
  })
}
