import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import type { AuditEntry } from '@comics/core'
import type { MockState } from '@comics/mocks'
import { AuditLog } from './AuditLog'

/** The audit log of the admin screen. */
const meta = {
  title: 'Studio/AuditLog',
  component: AuditLog,
  globals: { viewer: 'admin' },
} satisfies Meta<typeof AuditLog>

export default meta
type Story = StoryObj<typeof meta>

/** `n` edits of comic 4, oldest first, a minute apart. */
const edits = (n: number): AuditEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `audit-edit-${i + 1}`,
    actorUid: 'user-admin',
    actorEmail: 'admin@comics.test',
    action: 'edit',
    targetType: 'comic',
    targetId: '4',
    comicsId: '4',
    detail: { changed: ['title'] },
    createdAt: new Date(Date.UTC(2026, 1, 1, 9, i)).toISOString(),
  }))

/** The log with the changes of the fixture catalogue: newest first. */
export const Entries: Story = {
  play: async ({ canvas }) => {
    const rows = await canvas.findAllByRole('row')
    // The header row, then the schedule, the upload and the creation.
    expect(rows).toHaveLength(4)
    await expect(rows[1]).toHaveTextContent('Scheduled')
    await expect(rows[1]).toHaveTextContent("Episode 1 'Episode 1'")
    await expect(rows[1]).toHaveTextContent('admin@comics.test')
    await expect(rows[3]).toHaveTextContent('Created')
    expect(canvas.queryByRole('button', { name: 'Show older changes' })).toBeNull()
  },
}

/** Nothing recorded yet. */
export const Empty: Story = {
  parameters: { kit: { prepareState: (state: MockState) => void (state.auditLog = []) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No changes recorded yet.')).toBeVisible()
  },
}

/** Waiting for the first page. */
export const Loading: Story = {
  parameters: { kit: { mocks: { latencyMs: { listAudit: 'infinite' } } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading…')).toBeVisible()
  },
}

/** The log could not be loaded: the admin can try again. */
export const Failed: Story = {
  parameters: { kit: { mocks: { errors: { listAudit: 500 } } } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong'))
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}

/** More entries than a page: "Show older changes" appends the next page, then goes away. */
export const Paged: Story = {
  args: { pageSize: 5 },
  parameters: { kit: { prepareState: (state: MockState) => void (state.auditLog = edits(7)) } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByRole('row')).toHaveLength(6))
    await userEvent.click(canvas.getByRole('button', { name: 'Show older changes' }))
    await waitFor(() => expect(canvas.getAllByRole('row')).toHaveLength(8))
    expect(canvas.queryByRole('button', { name: 'Show older changes' })).toBeNull()
  },
}

/** A comment's moderation (pinned, unpinned, hidden, its author suspended, restored, deleted), newest first, in words. */
export const CommentModeration: Story = {
  parameters: {
    kit: {
      prepareState: (state: MockState) =>
        void (state.auditLog = (['pin', 'unpin', 'hide', 'suspend', 'restore', 'delete'] as const).map((action, i) => ({
          id: `audit-comment-${i + 1}`,
          actorUid: 'user-admin',
          actorEmail: 'admin@comics.test',
          action,
          targetType: 'comment',
          targetId: '17',
          comicsId: '4',
          detail: {},
          createdAt: new Date(Date.UTC(2026, 1, 1, 9, i)).toISOString(),
        }))),
    },
  },
  play: async ({ canvas }) => {
    const rows = await canvas.findAllByRole('row')
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      expect.stringContaining('Deleted'),
      expect.stringContaining('Restored'),
      expect.stringContaining('Suspended its author'),
      expect.stringContaining('Hid'),
      expect.stringContaining('Unpinned'),
      expect.stringContaining('Pinned'),
    ])
    for (const row of rows.slice(1)) await expect(row).toHaveTextContent('Comment 17')
  },
}

/** On a phone: each entry a card that fits the width, nothing scrolls sideways. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findAllByRole('row')
    const log = canvasElement.querySelector('.comics-audit-log')!
    await expect(log.scrollWidth).toBeLessThanOrEqual(log.clientWidth)
  },
}
