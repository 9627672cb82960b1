import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createMockState } from '@comics/mocks'
import { renderWithKit } from '../../../test/render'
import { AuditLog } from './AuditLog'

describe('AuditLog', () => {
  it('names what changed by its title, the episode by its number, and the comic it belongs to, not by ids', async () => {
    const state = createMockState()
    const comic = state.comics[0]!
    const episode = state.chapters.find((chapter) => chapter.comicsId === comic.id)!
    renderWithKit(<AuditLog />, { viewer: 'admin', mocks: { state } })
    const log = await screen.findByRole('region', { name: 'Audit log' })
    const rows = await within(log).findAllByRole('row')
    const texts = rows.slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))
    expect(texts.map((cells) => cells.slice(1))).toEqual([
      ['admin@comics.test', 'Scheduled', `Episode ${episode.chapterNumber} '${episode.title}'in '${comic.title}'`],
      ['admin@comics.test', 'Uploaded pages', `Pages of episode ${episode.chapterNumber} '${episode.title}'in '${comic.title}'`],
      ['admin@comics.test', 'Created', `Comic '${comic.title}'`],
    ])
  })

  it('keeps the id of what is gone', async () => {
    const state = createMockState()
    state.auditLog.push({ id: 'audit-9', actorUid: 'user-admin', action: 'delete', targetType: 'comic', targetId: '999', comicsId: '999', detail: {}, createdAt: '2026-01-20T09:30:00.000Z' })
    renderWithKit(<AuditLog />, { viewer: 'admin', mocks: { state } })
    const log = await screen.findByRole('region', { name: 'Audit log' })
    const [, newest] = await within(log).findAllByRole('row')
    expect(within(newest!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([expect.any(String), 'user-admin', 'Deleted', 'Comic 999'])
  })
})
