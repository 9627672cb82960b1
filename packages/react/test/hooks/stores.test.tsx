import { act } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ANALYTICS_EVENTS, createBrowserStorage, type AuthUser } from '@comics/core'
import { useAgeVerification, useAnalytics, useConsent, useReadingProgress, useSession } from '../../src/hooks'
import { renderHookWithKit } from '../render'

describe('store bindings', () => {
  it('useSession follows the session store, kept in localStorage through the browser adapter', () => {
    const { result, stores, viewer } = renderHookWithKit(() => useSession(), { viewer: 'level2', storageAdapter: createBrowserStorage() })
    expect(result.current).toMatchObject({ signedIn: true, token: viewer.token })
    // What the session holds is what the browser stores, under the keys of spec §9.
    expect(JSON.parse(window.localStorage.getItem('authToken')!)).toBe(viewer.token)
    expect(JSON.parse(window.localStorage.getItem('authUser')!)).toEqual(viewer.user)
    act(() => stores.session.clear())
    expect(result.current).toMatchObject({ signedIn: false, user: null, token: null })
    expect(window.localStorage.getItem('authToken')).toBeNull()
    expect(window.localStorage.getItem('authUser')).toBeNull()
  })

  it("useSession follows a sign-in and a sign-out in another tab, as the browser's storage events tell them", () => {
    const { result } = renderHookWithKit(() => useSession(), { storageAdapter: createBrowserStorage() })
    expect(result.current.signedIn).toBe(false)
    const user: AuthUser = {
      uid: 'other-tab-user', email: 'other@example.com', displayName: null, photoURL: null, emailVerified: true, phoneNumber: null,
      providerId: 'firebase', creationTime: null, lastSignInTime: null, providerData: [],
    }
    /** Another tab's write: the value lands in the shared localStorage, then this window gets the event. */
    const otherTab = (key: string, value: string | null) => {
      if (value === null) window.localStorage.removeItem(key)
      else window.localStorage.setItem(key, value)
      act(() => void window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: window.localStorage })))
    }
    otherTab('authUser', JSON.stringify(user))
    otherTab('authToken', JSON.stringify('token-from-the-other-tab'))
    expect(result.current).toMatchObject({ signedIn: true, token: 'token-from-the-other-tab', user: { uid: 'other-tab-user' } })
    otherTab('authToken', null)
    expect(result.current).toMatchObject({ signedIn: false, token: null })
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
