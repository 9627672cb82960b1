import { act, waitFor } from '@testing-library/react'
import { useMutation } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { createMockState } from '@comics/mocks'
import { useApi, useAuditLog } from '../../src/hooks'
import { renderHookWithKit } from '../render'

describe('useAuditLog', () => {
  it('lists the log newest first, loads older pages on demand, and is asked again after a write succeeds', async () => {
    const state = createMockState()
    const { result } = renderHookWithKit(
      () => {
        const api = useApi()
        const rename = useMutation({ mutationFn: (title: string) => api.comics.update('4', { title }) })
        return { log: useAuditLog({ pageSize: 2 }), rename }
      },
      { viewer: 'admin', mocks: { state } },
    )
    await waitFor(() => expect(result.current.log.entries).toHaveLength(2))
    expect(result.current.log.entries.map((entry) => entry.action)).toEqual(['schedule', 'upload'])
    expect(result.current.log.hasMore).toBe(true)
    act(() => result.current.log.loadMore())
    await waitFor(() => expect(result.current.log.entries).toHaveLength(3))
    expect(result.current.log.hasMore).toBe(false)

    await act(() => result.current.rename.mutateAsync('Renamed in the studio'))
    await waitFor(() => expect(result.current.log.entries[0]).toMatchObject({ action: 'edit', targetType: 'comic', targetId: '4' }))
    expect(result.current.log.total).toBe(4)
  })

  it('is refused to a reader who is not an admin', async () => {
    const { result } = renderHookWithKit(() => useAuditLog(), { viewer: 'free' })
    await waitFor(() => expect(result.current.error).not.toBeNull())
    expect(result.current.entries).toEqual([])
  })
})
