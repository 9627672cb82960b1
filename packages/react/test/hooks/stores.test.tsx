import { act } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ANALYTICS_EVENTS } from '@comics/core'
import { useAgeVerification, useAnalytics, useConsent, useReadingProgress, useSession } from '../../src/hooks'
import { renderHookWithKit } from '../render'

describe('store bindings', () => {
  it('useSession follows the session store', () => {
    const { result, stores, viewer } = renderHookWithKit(() => useSession(), { viewer: 'level2' })
    expect(result.current).toMatchObject({ signedIn: true, token: viewer.token })
    act(() => stores.session.clear())
    expect(result.current).toMatchObject({ signedIn: false, user: null, token: null })
  })

  it('useReadingProgress re-renders on record and finds the comic’s position', () => {
    const { result } = renderHookWithKit(() => useReadingProgress('4'))
    expect(result.current.progress).toBeUndefined()
    act(() => result.current.record('4', { chapterId: '402', chapterTitle: 'Episode 2' }))
    expect(result.current.progress).toMatchObject({ chapterId: '402', chapterTitle: 'Episode 2' })
    expect(result.current.lastReadComics).toEqual(['4'])
    act(() => result.current.record('5', { chapterId: '501', chapterTitle: 'Episode 1' }))
    expect(result.current.lastReadComics).toEqual(['5', '4'])
  })

  it('useConsent gates analytics: nothing is sent before Accept, events flow after', () => {
    const { result, events } = renderHookWithKit(() => ({ consent: useConsent(), analytics: useAnalytics() }), {
      consent: 'unset',
    })
    expect(result.current.consent.state).toBe('unset')
    act(() => result.current.analytics.track(ANALYTICS_EVENTS.comicPageView, { comicId: '4' }))
    expect(events).toEqual([])
    act(() => result.current.consent.accept())
    expect(result.current.consent.state).toBe('accepted')
    act(() => result.current.analytics.track(ANALYTICS_EVENTS.comicPageView, { comicId: '4' }))
    expect(events).toEqual([{ name: 'comic_page_view', params: { comicId: '4' } }])
  })

  it('useConsent reject keeps analytics off', () => {
    const { result, events } = renderHookWithKit(() => ({ consent: useConsent(), analytics: useAnalytics() }), {
      consent: 'unset',
    })
    act(() => result.current.consent.reject())
    act(() => result.current.analytics.track(ANALYTICS_EVENTS.episodeView))
    expect(result.current.consent.state).toBe('rejected')
    expect(events).toEqual([])
  })

  it('useAgeVerification is required in adult mode until Yes, and never in normal mode', () => {
    const adult = renderHookWithKit(() => useAgeVerification(), { siteMode: 'adult' })
    expect(adult.result.current).toMatchObject({ passed: false, required: true })
    act(() => adult.result.current.confirm())
    expect(adult.result.current).toMatchObject({ passed: true, required: false })

    const normal = renderHookWithKit(() => useAgeVerification(), { siteMode: 'normal' })
    expect(normal.result.current.required).toBe(false)
  })
})
