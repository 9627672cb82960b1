import type { FastifyInstance } from 'fastify'
import { asc, count, desc, inArray } from 'drizzle-orm'
import { endpoints } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { auditEntryFromRow, auditNames } from '../audit/audit-log'
import { rowIds } from '../db/row-id'
import { auditLog } from '../db/schema'
import { registerEndpoint } from '../http/register-endpoint'

/**
 * POST /admin/audit/list: admin only; the audit log, newest first unless asked otherwise, read each time,
 * each entry with the names of what it is about (core contract `AuditEntry`).
 */
export function registerAdminAuditRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context

  registerEndpoint(app, context, endpoints.listAudit, async ({ body }) => {
    // Ids we could not have issued match nothing.
    const comicIds = body.filters.comicsId?.length ? rowIds(body.filters.comicsId) : undefined
    const where = comicIds ? inArray(auditLog.comicId, comicIds.length > 0 ? comicIds : [0]) : undefined
    const direction = body.sort?.order === 'asc' ? asc : desc
    const [rows, [totalRow]] = await Promise.all([
      db.select().from(auditLog).where(where).orderBy(direction(auditLog.id)).limit(body.limit).offset(body.offset),
      db.select({ total: count() }).from(auditLog).where(where),
    ])
    const names = await auditNames(db, rows)
    return { data: rows.map((row) => auditEntryFromRow(row, names)), total: totalRow?.total ?? 0 }
  })
}
