import { act, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MOCK_CHAPTERS } from '@comics/mocks'
import { useAuthModal, useEpisodeAccess, usePlans, useViewer } from '../../src/hooks'
import { renderHookWithKit, type KitViewer } from '../render'

// Comic 6 numbers its chapters 1, 2, 5, 7, 10: the 4th by position is chapter 7 ('607').
const chapters = MOCK_CHAPTERS.filter((c) => c.comicsId === '6')
const third = chapters[2]!
const fourth = chapters[3]!

function useAccessOf(chapter: (typeof chapters)[number]) {
  return { access: useEpisodeAccess(chapter, chapters), modal: useAuthModal(), viewer: useViewer() }
}

describe('useEpisodeAccess', () => {
  it('opens a free episode in the reader for a guest', () => {
    const { result, navigate } = renderHookWithKit(() => useAccessOf(third))
    expect(result.current.access).toMatchObject({ locked: false, action: null })
    act(() => result.current.access.open())
    expect(navigate).toHaveBeenCalledWith('/comic/6/605')
  })

  it('opens the uncensored reader path when asked', () => {
    const { result, navigate } = renderHookWithKit(() => useEpisodeAccess(third, chapters, { uncensored: true }))
    act(() => result.current.open())
    expect(navigate).toHaveBeenCalledWith('/comic/6/605/uncensored')
  })

  it('opens the sign-in modal for a guest on a locked episode', () => {
    const { result, navigate } = renderHookWithKit(() => useAccessOf(fourth))
    expect(result.current.access).toMatchObject({ locked: true, action: 'sign-in' })
    act(() => result.current.access.open())
    expect(result.current.modal).toMatchObject({ isOpen: true, mode: 'sign-in' })
    expect(navigate).not.toHaveBeenCalled()
  })

  it('sends a signed-in reader without subscription to /premium on a locked episode', async () => {
    const { result, navigate } = renderHookWithKit(() => useAccessOf(fourth), { viewer: 'free' })
    await waitFor(() => expect(result.current.viewer.isPending).toBe(false))
    expect(result.current.access).toMatchObject({ locked: true, action: 'premium' })
    act(() => result.current.access.open())
    expect(navigate).toHaveBeenCalledWith('/premium')
    expect(result.current.modal.isOpen).toBe(false)
  })

  it.each<KitViewer>(['level1', 'level2', 'level3', 'level4'])('unlocks every episode for %s', async (viewer) => {
    const { result, navigate } = renderHookWithKit(() => useAccessOf(fourth), { viewer })
    await waitFor(() => expect(result.current.access.locked).toBe(false))
    act(() => result.current.access.open())
    expect(navigate).toHaveBeenCalledWith('/comic/6/607')
  })
})

describe('usePlans', () => {
  it.each<[KitViewer, string[], string | null]>([
    ['guest', ['1week', '4weeks', '12weeks', '24weeks'], '4weeks'],
    ['free', ['1week', '4weeks', '12weeks', '24weeks'], '4weeks'],
    ['level1', ['4weeks', '12weeks', '24weeks'], '4weeks'],
    ['level2', ['12weeks', '24weeks'], '12weeks'],
    ['level3', ['24weeks'], '24weeks'],
    ['level4', [], null],
  ])('offers %s the plans above its level', async (viewer, ids, selected) => {
    const { result } = renderHookWithKit(() => usePlans(), { viewer })
    await waitFor(() => expect(result.current.isPending).toBe(false))
    expect(result.current.plans.map((p) => p.id)).toEqual(ids)
    expect(result.current.defaultPlanId).toBe(selected)
    expect(result.current.hasMaximum).toBe(ids.length === 0)
  })
})
