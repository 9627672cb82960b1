import { act, render, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage, gtagSink, STORAGE_KEYS, type AnalyticsEvent } from '@comics/core'
import { useAnalytics } from '../../hooks'
import { ComicsProvider } from '../../provider'
import { renderWithKit } from '../../../test/render'
import { TEST_API_BASE_URL } from '../../../test/server'
import { CookieConsentBanner } from './CookieConsentBanner'

/** Something on the page that tracks an event, to see when the analytics gate lets it through. */
function TrackButton() {
  const analytics = useAnalytics()
  return (
    <button type="button" onClick={() => analytics.track('page_view', { path: '/' })}>
      Track
    </button>
  )
}

const page = (
  <>
    <TrackButton />
    <CookieConsentBanner />
  </>
)

/**
 * Lets the 1 s delay pass, then goes back to real timers: Testing Library waits on a real
 * setTimeout after each user-event interaction, which fake timers would never fire.
 */
function passTheDelay() {
  act(() => vi.advanceTimersByTime(1000))
  vi.useRealTimers()
}

/** A provider over the browser's localStorage and a gtag sink, to see what the choice stores and grants. */
function renderOverLocalStorage() {
  const gtag = vi.fn()
  const events: AnalyticsEvent[] = []
  const ui = (
    <ComicsProvider
      apiBaseUrl={TEST_API_BASE_URL}
      analyticsSinks={[gtagSink({ gtag }), { send: (event) => void events.push(event) }]}
    >
      {page}
    </ComicsProvider>
  )
  return { ...render(ui), gtag, events, user: userEvent.setup() }
}

const banner = () => screen.queryByRole('region', { name: 'We use cookies' })

describe('CookieConsentBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("appears 1 second after the page opens when no choice is stored, with 'We use cookies', Reject and Accept", () => {
    renderWithKit(page, { consent: 'unset' })
    act(() => vi.advanceTimersByTime(999))
    expect(banner()).toBeNull()
    act(() => vi.advanceTimersByTime(1))
    const region = banner()!
    expect(region).toHaveTextContent('We use cookies')
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument()
  })

  it('says what the cookies are for and links the privacy policy', () => {
    renderWithKit(page, { consent: 'unset' })
    act(() => vi.advanceTimersByTime(1000))
    expect(banner()).toHaveAccessibleDescription(
      'Analytics cookies tell us which comics and pages are read, so we can improve them. Nothing is measured unless you accept. Privacy Policy',
    )
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy')
  })

  it('while open, publishes the room it takes at the bottom of the viewport for the reader to leave free; not after the choice', async () => {
    const space = () => document.documentElement.style.getPropertyValue('--comics-cookie-banner-space')
    const { user } = renderWithKit(page, { consent: 'unset' })
    expect(space()).toBe('')
    passTheDelay()
    expect(space()).toMatch(/^\d+px$/)
    await user.click(screen.getByRole('button', { name: 'Accept' }))
    expect(space()).toBe('')
  })

  it.each(['accepted', 'rejected'] as const)('never appears when the choice %s is stored', (consent) => {
    renderWithKit(page, { consent })
    act(() => vi.advanceTimersByTime(5000))
    expect(banner()).toBeNull()
  })

  it('reads a choice stored under google-analytics-consent', () => {
    renderWithKit(page, { consent: 'unset', storage: { 'google-analytics-consent': '"rejected"' } })
    act(() => vi.advanceTimersByTime(5000))
    expect(banner()).toBeNull()
  })

  it('is not modal: it takes no focus and the page stays reachable by keyboard', async () => {
    const { user } = renderWithKit(page, { consent: 'unset' })
    passTheDelay()
    expect(banner()).not.toHaveAttribute('aria-modal')
    expect(document.body).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Track' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Reject' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Accept' })).toHaveFocus()
    await user.tab()
    expect(document.body).toHaveFocus()
  })

  it('Accept stores the choice, grants analytics storage, lets events through and goes away for good', async () => {
    const first = renderOverLocalStorage()
    passTheDelay()
    await first.user.click(screen.getByRole('button', { name: 'Track' }))
    expect(first.events).toEqual([])

    await first.user.click(screen.getByRole('button', { name: 'Accept' }))
    expect(banner()).toBeNull()
    expect(window.localStorage.getItem('google-analytics-consent')).toBe('"accepted"')
    expect(first.gtag).toHaveBeenCalledWith('consent', 'update', { analytics_storage: 'granted' })

    await first.user.click(screen.getByRole('button', { name: 'Track' }))
    expect(first.events).toEqual([{ name: 'page_view', params: { path: '/' } }])
    first.unmount()

    vi.useFakeTimers()
    renderOverLocalStorage()
    act(() => vi.advanceTimersByTime(5000))
    expect(banner()).toBeNull()
  })

  it('Reject stores the choice, denies analytics storage, keeps events out and goes away for good', async () => {
    const first = renderOverLocalStorage()
    passTheDelay()
    await first.user.click(screen.getByRole('button', { name: 'Reject' }))
    expect(banner()).toBeNull()
    expect(window.localStorage.getItem('google-analytics-consent')).toBe('"rejected"')
    expect(first.gtag).toHaveBeenCalledWith('consent', 'update', { analytics_storage: 'denied' })

    await first.user.click(screen.getByRole('button', { name: 'Track' }))
    expect(first.events).toEqual([])
    expect(first.gtag).not.toHaveBeenCalledWith('event', expect.anything(), expect.anything())
    first.unmount()

    vi.useFakeTimers()
    renderOverLocalStorage()
    act(() => vi.advanceTimersByTime(5000))
    expect(banner()).toBeNull()
  })

  it('uses overridden messages', () => {
    renderWithKit(page, {
      consent: 'unset',
      messages: { 'cookies.title': 'Wir verwenden Cookies', 'cookies.accept': 'Akzeptieren' },
    })
    act(() => vi.advanceTimersByTime(1000))
    expect(screen.getByRole('region', { name: 'Wir verwenden Cookies' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Akzeptieren' })).toBeInTheDocument()
  })

  describe('withFirstPaint', () => {
    const withStorage = (stored: Record<string, string>) => (
      <ComicsProvider apiBaseUrl={TEST_API_BASE_URL} storage={createMemoryStorage(stored)}>
        <CookieConsentBanner withFirstPaint />
      </ComicsProvider>
    )
    afterEach(() => {
      document.body.innerHTML = ''
    })

    it("is in a server's render, kept open by its hydration without a mismatch and without a wait, and leaves once a stored choice is read", async () => {
      const markup = renderToString(withStorage({}))
      expect(markup).toContain('We use cookies')
      expect(markup).toContain('data-state="open"')

      const firstVisit = document.createElement('div')
      firstVisit.innerHTML = markup
      document.body.append(firstVisit)
      const onRecoverableError = vi.fn()
      await act(async () => {
        hydrateRoot(firstVisit, withStorage({}), { onRecoverableError })
      })
      expect(onRecoverableError).not.toHaveBeenCalled()
      expect(banner()).not.toBeNull()

      // A visitor who chose gets the same markup (the server cannot know); the hydration takes it away.
      firstVisit.remove()
      const returning = document.createElement('div')
      returning.innerHTML = markup
      document.body.append(returning)
      await act(async () => {
        hydrateRoot(returning, withStorage({ [STORAGE_KEYS.consent]: JSON.stringify('rejected') }), { onRecoverableError })
      })
      expect(onRecoverableError).not.toHaveBeenCalled()
      expect(returning.querySelector('.comics-cookie-banner')).toBeNull()
    })

    it('still waits the second in a page the browser renders alone', () => {
      render(withStorage({}))
      act(() => vi.advanceTimersByTime(999))
      expect(banner()).toBeNull()
      act(() => vi.advanceTimersByTime(1))
      expect(banner()).not.toBeNull()
    })
  })
})
