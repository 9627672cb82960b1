import type { ReactElement, ReactNode } from 'react'
import {
  render,
  renderHook,
  type RenderHookOptions,
  type RenderHookResult,
  type RenderOptions,
  type RenderResult,
} from '@testing-library/react'
import userEvent, { type Options as UserEventOptions, type UserEvent } from '@testing-library/user-event'
import { QueryClient } from '@tanstack/react-query'
import { vi } from 'vitest'
import {
  createAgeGate,
  createSignInEmailStore,
  createReaderSettingsStore,
  createDownloadStore,
  createConsentStore,
  createComicsApi,
  createMemoryStorage,
  createProgressStore,
  createSessionStore,
  type AnalyticsEvent,
  type AuthService,
  type ConsentState,
  type KeyValueStorage,
  type SiteMode,
} from '@comics/core'
import { MOCK_VIEWERS, type MockHandlersOptions, type MockViewer, type MockViewerKey } from '@comics/mocks'
import { ComicsProvider, type ComicsProviderProps, type ComicsStores, type SiteConfig } from '../src/provider'
import type { Messages } from '../src/messages'
import { mockHandlers, server, TEST_API_BASE_URL } from './server'

/** The roles of spec §6: 'free' is a signed-in reader without an active subscription. */
export type KitViewer = 'guest' | 'free' | Exclude<MockViewerKey, 'guest' | 'reader'>

export interface KitOptions {
  /** Who is signed in; default 'guest'. */
  viewer?: KitViewer
  /** Default 'normal'. */
  siteMode?: SiteMode
  messages?: Partial<Messages>
  /** The provider's locale; default its own ('en-US'). */
  locale?: string
  /** The page url path the test starts on (window.location). */
  route?: string
  /** Default 'accepted', so analytics events are recorded. */
  consent?: ConsentState
  /** The age gate already passed; default false. */
  ageVerified?: boolean
  auth?: ComicsProviderProps['auth']
  site?: SiteConfig
  /** Latency, forced errors, a shared MockState: passed on to the mocks' handlers. */
  mocks?: Omit<MockHandlersOptions, 'baseUrl' | 'siteMode'>
  /** Extra storage entries, e.g. { lastReadComics: '["4"]' }. */
  storage?: Record<string, string>
  /** The stores' storage adapter instead of a fresh memory storage, e.g. `createBrowserStorage()` over jsdom's localStorage. */
  storageAdapter?: KeyValueStorage
  /** Options of the returned `user` (pass `{ advanceTimers: vi.advanceTimersByTime }` with fake timers). */
  userEvent?: UserEventOptions
}

export interface Kit {
  wrapper: (props: { children?: ReactNode }) => ReactElement
  /**
   * Every in-app navigation, as the provider's `navigate` received it; one that replaces the history entry
   * (the provider's `navigateReplace`) with `{ replace: true }`.
   */
  navigate: ReturnType<typeof vi.fn<(path: string, options?: { replace: true }) => void>>
  /** Every departure to an absolute url (checkout, other main site). */
  redirect: ReturnType<typeof vi.fn<(url: string) => void>>
  /** Every analytics event that passed the consent gate. */
  events: AnalyticsEvent[]
  stores: ComicsStores
  queryClient: QueryClient
  viewer: MockViewer
}

const mockViewerOf = (viewer: KitViewer): MockViewer => MOCK_VIEWERS[viewer === 'free' ? 'reader' : viewer]

/**
 * A ComicsProvider over the mocks' API, with the viewer's token in the session, a fresh QueryClient
 * (no retries), a recording navigate and redirect, and a recording analytics sink.
 * Each call serves a fresh copy of the fixture catalogue.
 */
export function createKit(options: KitOptions = {}): Kit {
  const siteMode = options.siteMode ?? 'normal'
  const viewer = mockViewerOf(options.viewer ?? 'guest')
  if (options.route) window.history.replaceState(null, '', options.route)
  server.use(...mockHandlers({ siteMode, ...options.mocks }))

  const storage = options.storageAdapter ?? createMemoryStorage(options.storage)
  const stores: ComicsStores = {
    session: createSessionStore(storage),
    progress: createProgressStore(storage),
    consent: createConsentStore(storage),
    ageGate: createAgeGate(storage),
    signInEmail: createSignInEmailStore(storage),
    readerSettings: createReaderSettingsStore(storage),
    downloads: createDownloadStore(),
  }
  if (viewer.user && viewer.token) stores.session.set(viewer.user, viewer.token)
  const consent = options.consent ?? 'accepted'
  if (consent === 'accepted') stores.consent.accept()
  if (consent === 'rejected') stores.consent.reject()
  if (options.ageVerified) stores.ageGate.confirm()

  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  })
  const api = createComicsApi({
    baseUrl: TEST_API_BASE_URL,
    getToken: () => stores.session.getSnapshot().token,
    siteMode,
  })
  const events: AnalyticsEvent[] = []
  const navigate = vi.fn<(path: string, options?: { replace: true }) => void>()
  const redirect = vi.fn<(url: string) => void>()
  const sinks = [{ send: (event: AnalyticsEvent) => void events.push(event) }]

  const wrapper = ({ children }: { children?: ReactNode }) => (
    <ComicsProvider
      api={api}
      auth={options.auth as AuthService | undefined}
      stores={stores}
      queryClient={queryClient}
      siteMode={siteMode}
      site={options.site}
      messages={options.messages}
      locale={options.locale}
      analyticsSinks={sinks}
      navigate={navigate}
      navigateReplace={(path) => navigate(path, { replace: true })}
      redirect={redirect}
    >
      {children}
    </ComicsProvider>
  )
  return { wrapper, navigate, redirect, events, stores, queryClient, viewer }
}

/**
 * Renders `ui` inside the kit. Component tests are one-liners:
 * @example
 * const { user, navigate } = renderWithKit(<TopBar />, { viewer: 'level2' })
 * await user.click(screen.getByRole('button', { name: 'Premium' }))
 * expect(navigate).toHaveBeenCalledWith('/premium')
 */
export function renderWithKit(
  ui: ReactElement,
  options: KitOptions & Omit<RenderOptions, 'wrapper'> = {},
): RenderResult & Kit & { user: UserEvent } {
  const kit = createKit(options)
  const user = userEvent.setup(options.userEvent)
  const rendered: RenderResult = render(ui, { wrapper: kit.wrapper })
  return { ...rendered, ...kit, user }
}

/**
 * Renders a hook inside the kit.
 * @example
 * const { result } = renderHookWithKit(() => useSubscription(), { viewer: 'level3' })
 * await waitFor(() => expect(result.current.level).toBe(3))
 */
export function renderHookWithKit<Result, Props>(
  hook: (props: Props) => Result,
  options: KitOptions & Omit<RenderHookOptions<Props>, 'wrapper'> = {},
): RenderHookResult<Result, Props> & Kit {
  const kit = createKit(options)
  return { ...renderHook(hook, { ...options, wrapper: kit.wrapper }), ...kit }
}
