import { StrictMode } from 'react'
import { render, renderHook, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { QueryClient, useQueryClient } from '@tanstack/react-query'
import { createMemoryStorage, createSessionStore } from '@comics/core'
import { MOCK_VIEWERS } from '@comics/mocks'
import { ComicsProvider } from '../src/provider'
import { ComicsContext } from '../src/provider/comicsContext'
import { useDownloads, useMessages, useSession, useSiteMode, useNavigate, useLink } from '../src/hooks'
import { ACCOUNT_MESSAGES, ADMIN_MESSAGES } from '../src/messages'
import { createKit, renderWithKit } from './render'
import { TEST_API_BASE_URL } from './server'
import { fakeAuth } from './fakeAuth'

describe('ComicsProvider', () => {
  it('makes a hook used outside it throw an error that names ComicsProvider and the fix', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => renderHook(() => useSession())).toThrow(
      'useSession must be used within a <ComicsProvider>: wrap the part of your app that uses the comics kit in <ComicsProvider>.',
    )
  })

  it('refuses to be nested inside another ComicsProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const kit = createKit()
    expect(() =>
      render(
        <ComicsProvider apiBaseUrl={TEST_API_BASE_URL}>
          <span>inner</span>
        </ComicsProvider>,
        { wrapper: kit.wrapper },
      ),
    ).toThrow(/ComicsProvider cannot be rendered inside another <ComicsProvider>/)
  })

  it('offers downloads only when asked to (offlineDownloads), as pages open offline only under a service worker', async () => {
    // A browser that could keep them: an empty Cache Storage.
    const caches = { keys: async () => [], open: async () => ({ keys: async () => [], match: async () => undefined }), delete: async () => true, has: async () => false, match: async () => undefined }
    vi.stubGlobal('caches', caches)
    try {
      const off = renderHook(() => useDownloads(), { wrapper: ({ children }) => <ComicsProvider apiBaseUrl={TEST_API_BASE_URL}>{children}</ComicsProvider> })
      expect(off.result.current.status).toBe('unsupported')
      const on = renderHook(() => useDownloads(), {
        wrapper: ({ children }) => (
          <ComicsProvider apiBaseUrl={TEST_API_BASE_URL} offlineDownloads>
            {children}
          </ComicsProvider>
        ),
      })
      await waitFor(() => expect(on.result.current.status).toBe('ready'))
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('asks for an api or an apiBaseUrl', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<ComicsProvider />)).toThrow(/needs an `api` or an `apiBaseUrl`/)
  })

  it('names its context for React DevTools', () => {
    expect(ComicsContext.displayName).toBe('ComicsContext')
  })

  it('builds its own API client, stores and query client from apiBaseUrl, defaulting to the normal mode', () => {
    const { result } = renderHook(() => ({ mode: useSiteMode(), session: useSession() }), {
      wrapper: ({ children }) => <ComicsProvider apiBaseUrl={TEST_API_BASE_URL}>{children}</ComicsProvider>,
    })
    expect(result.current.mode).toBe('normal')
    expect(result.current.session.signedIn).toBe(false)
  })

  it("uses the query client the app gives, or keeps one of its own across renders", () => {
    const given = new QueryClient()
    const withGiven = renderHook(() => useQueryClient(), {
      wrapper: ({ children }) => (
        <ComicsProvider apiBaseUrl={TEST_API_BASE_URL} queryClient={given}>
          {children}
        </ComicsProvider>
      ),
    })
    expect(withGiven.result.current).toBe(given)

    const own = renderHook(() => useQueryClient(), {
      wrapper: ({ children }) => <ComicsProvider apiBaseUrl={TEST_API_BASE_URL}>{children}</ComicsProvider>,
    })
    const first = own.result.current
    expect(first).toBeInstanceOf(QueryClient)
    expect(first).not.toBe(given)
    own.rerender()
    expect(own.result.current).toBe(first)
  })

  it('merges message overrides over the defaults', () => {
    function Copy() {
      const messages = useMessages(ACCOUNT_MESSAGES)
      return (
        <p>
          {messages['nav.home']} / {messages['premium.maximum']}
        </p>
      )
    }
    renderWithKit(<Copy />, { messages: { 'nav.home': 'Startseite' } })
    expect(screen.getByText('Startseite / You already have the maximum subscription')).toBeInTheDocument()
  })

  it("gives the readers' messages alone, and a component's own table with the provider's overrides over it", () => {
    function Copy() {
      const readers = useMessages()
      const account = useMessages(ACCOUNT_MESSAGES)
      const admin = useMessages(ADMIN_MESSAGES)
      return (
        <p>
          {String('account.title' in readers)} / {account['premium.heading']} / {account['account.title']} / {admin['audit.heading']}
        </p>
      )
    }
    renderWithKit(<Copy />, { messages: { 'premium.heading': 'WÄHLE EIN PRODUKT', 'audit.heading': 'Protokoll' } })
    expect(screen.getByText(`false / WÄHLE EIN PRODUKT / ${ACCOUNT_MESSAGES['account.title']} / Protokoll`)).toBeInTheDocument()
  })

  it('renders in-app links as real hrefs whose plain clicks go through navigate', async () => {
    function Links() {
      const Link = useLink()
      return <Link to="/categories">Categories</Link>
    }
    const { user, navigate } = renderWithKit(<Links />)
    const link = screen.getByRole('link', { name: 'Categories' })
    expect(link).toHaveAttribute('href', '/categories')
    await user.click(link)
    expect(navigate).toHaveBeenCalledWith('/categories')
  })

  it('uses the linkComponent and navigate the site gives', async () => {
    const navigate = vi.fn()
    function Go() {
      const go = useNavigate()
      const Link = useLink()
      return (
        <>
          <button onClick={() => go('/premium')}>Go</button>
          <Link to="/account">Account</Link>
        </>
      )
    }
    render(
      <ComicsProvider
        apiBaseUrl={TEST_API_BASE_URL}
        navigate={navigate}
        linkComponent={({ to, children }) => <a data-router-link={to}>{children}</a>}
      >
        <Go />
      </ComicsProvider>,
    )
    screen.getByRole('button', { name: 'Go' }).click()
    expect(navigate).toHaveBeenCalledWith('/premium')
    expect(screen.getByText('Account')).toHaveAttribute('data-router-link', '/account')
  })

  it("replaces the history entry through navigateReplace, else through navigate (nothing lost but Back's step)", () => {
    function Go() {
      const go = useNavigate()
      return (
        <>
          <button onClick={() => go('/comic/4/402', { replace: true })}>Replace</button>
          <button onClick={() => go('/comic/4/403')}>Push</button>
        </>
      )
    }
    const navigate = vi.fn()
    const navigateReplace = vi.fn()
    const { unmount } = render(
      <ComicsProvider apiBaseUrl={TEST_API_BASE_URL} navigate={navigate} navigateReplace={navigateReplace}>
        <Go />
      </ComicsProvider>,
    )
    screen.getByRole('button', { name: 'Replace' }).click()
    screen.getByRole('button', { name: 'Push' }).click()
    expect(navigateReplace.mock.calls).toEqual([['/comic/4/402']])
    expect(navigate.mock.calls).toEqual([['/comic/4/403']])
    unmount()

    const only = vi.fn()
    render(
      <ComicsProvider apiBaseUrl={TEST_API_BASE_URL} navigate={only}>
        <Go />
      </ComicsProvider>,
    )
    screen.getByRole('button', { name: 'Replace' }).click()
    expect(only.mock.calls).toEqual([['/comic/4/402']])
  })

  it('builds the auth service from its stores and starts it', async () => {
    let built: ReturnType<ReturnType<typeof fakeAuth>> | undefined
    const make = fakeAuth()
    renderHook(() => useSession(), {
      wrapper: ({ children }) => (
        <ComicsProvider apiBaseUrl={TEST_API_BASE_URL} auth={(stores) => (built = make(stores))}>
          {children}
        </ComicsProvider>
      ),
    })
    await waitFor(() => expect(built?.start).toHaveBeenCalled())
  })

  it('uses stores made outside, so an auth service built before render shares the session', () => {
    const session = createSessionStore(createMemoryStorage())
    session.set(MOCK_VIEWERS.level1.user!, MOCK_VIEWERS.level1.token!)
    const { result } = renderHook(() => useSession(), {
      wrapper: ({ children }) => (
        <ComicsProvider apiBaseUrl={TEST_API_BASE_URL} stores={{ session }} storage={createMemoryStorage()}>
          {children}
        </ComicsProvider>
      ),
    })
    expect(result.current.user?.uid).toBe('user-level1')
  })

  it('works under StrictMode', () => {
    const { result } = renderHook(() => useSession(), {
      wrapper: ({ children }) => (
        <StrictMode>
          <ComicsProvider apiBaseUrl={TEST_API_BASE_URL} storage={createMemoryStorage()}>
            {children}
          </ComicsProvider>
        </StrictMode>
      ),
    })
    expect(result.current.signedIn).toBe(false)
  })
})
