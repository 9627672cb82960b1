import type { AuditAction, AuditEntry, AuditTargetType } from '@comics/core/contract'
import type { Caller } from '../auth/caller'
import type { Clock } from '../clock'
import { inArray } from 'drizzle-orm'
import type { Database } from '../db/database'
import { rowIds } from '../db/row-id'
import { auditLog, chapters, comics, genres } from '../db/schema'

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

/** The names of what audit rows are about, as they are now: comics' titles, episodes' titles and numbers, genres' names. */
export interface AuditNames {
  comics: Map<number, string>
  episodes: Map<number, { title: string; chapterNumber: number }>
  genres: Map<number, string>
}

/**
 * Looks up, in three queries at most, the names of the comics, episodes and genres the rows are about, so
 * that the log reads as titles rather than ids. What was deleted since has no name: its entry keeps its id.
 */
export async function auditNames(db: Database, rows: readonly (typeof auditLog.$inferSelect)[]): Promise<AuditNames> {
  const ofType = (...types: string[]) => rowIds(rows.filter((row) => types.includes(row.targetType)).map((row) => row.targetId))
  const comicIds = [...new Set([...rows.flatMap((row) => (row.comicId === null ? [] : [row.comicId])), ...ofType('comic')])]
  const episodeIds = [...new Set(ofType('chapter', 'pages'))]
  const genreIds = [...new Set(ofType('genre'))]
  const [comicRows, episodeRows, genreRows] = await Promise.all([
    comicIds.length ? db.select({ id: comics.id, title: comics.title }).from(comics).where(inArray(comics.id, comicIds)) : [],
    episodeIds.length
      ? db.select({ id: chapters.id, title: chapters.title, chapterNumber: chapters.chapterNumber }).from(chapters).where(inArray(chapters.id, episodeIds))
      : [],
    genreIds.length ? db.select({ id: genres.id, name: genres.name }).from(genres).where(inArray(genres.id, genreIds)) : [],
  ])
  return {
    comics: new Map(comicRows.map((comic) => [comic.id, comic.title])),
    episodes: new Map(episodeRows.map((episode) => [episode.id, { title: episode.title, chapterNumber: episode.chapterNumber }])),
    genres: new Map(genreRows.map((genre) => [genre.id, genre.name])),
  }
}

/** What the row's target is called now, from {@link auditNames}. */
function targetNames(row: typeof auditLog.$inferSelect, names: AuditNames): Pick<AuditEntry, 'targetName' | 'episodeNumber'> {
  const [id] = rowIds([row.targetId])
  if (id === undefined) return {}
  if (row.targetType === 'comic') {
    const title = names.comics.get(id)
    return title === undefined ? {} : { targetName: title }
  }
  if (row.targetType === 'chapter' || row.targetType === 'pages') {
    const episode = names.episodes.get(id)
    return episode ? { targetName: episode.title, episodeNumber: episode.chapterNumber } : {}
  }
  if (row.targetType === 'genre') {
    const name = names.genres.get(id)
    return name === undefined ? {} : { targetName: name }
  }
  return {}
}

/** A stored audit row as the contract's entry, with the names of what it is about when they are given. */
export function auditEntryFromRow(row: typeof auditLog.$inferSelect, names?: AuditNames): AuditEntry {
  const comicTitle = names && row.comicId !== null ? names.comics.get(row.comicId) : undefined
  return {
    id: String(row.id),
    actorUid: row.actorUid,
    ...(row.actorEmail ? { actorEmail: row.actorEmail } : {}),
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    ...(row.comicId !== null ? { comicsId: String(row.comicId) } : {}),
    ...(comicTitle !== undefined ? { comicTitle } : {}),
    ...(names ? targetNames(row, names) : {}),
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
