import type { AuditAction, AuditEntry, AuditTargetType } from '@comics/core/contract'
import type { Caller } from '../auth/caller'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { auditLog } from '../db/schema'

/** What one admin write did, for its audit row. */
export interface AuditFact {
  action: AuditAction
  targetType: AuditTargetType
  targetId: string | number
  comicId?: number | null
  detail?: Record<string, unknown>
}

/**
 * Writes the audit row of an admin write. Call it with the transaction of the change (`tx`), so the row
 * and the change are kept together or not at all: a refused or failed write leaves no row.
 */
export async function recordAudit(tx: Database, clock: Clock, caller: Caller, fact: AuditFact): Promise<void> {
  if (!caller) throw new Error('An audited write needs a signed-in caller')
  await tx.insert(auditLog).values({
    actorUid: caller.uid,
    actorEmail: caller.email ?? null,
    action: fact.action,
    targetType: fact.targetType,
    targetId: String(fact.targetId),
    comicId: fact.comicId ?? null,
    detail: fact.detail ?? {},
    createdAt: clock.now(),
  })
}

/** A stored audit row as the contract's entry. */
export function auditEntryFromRow(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: String(row.id),
    actorUid: row.actorUid,
    ...(row.actorEmail ? { actorEmail: row.actorEmail } : {}),
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    ...(row.comicId !== null ? { comicsId: String(row.comicId) } : {}),
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * The action of a change of an episode's publish time: 'publish' when it is now or past, 'schedule' when
 * it is later, 'unpublish' when it becomes a draft.
 */
export function publishAction(publishAt: Date | null, now: Date): AuditAction {
  if (publishAt === null) return 'unpublish'
  return publishAt.getTime() > now.getTime() ? 'schedule' : 'publish'
}
