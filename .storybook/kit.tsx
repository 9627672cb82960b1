import { useLayoutEffect, type ReactNode } from 'react'
import { QueryClient } from '@tanstack/react-query'
import type { HttpHandler } from 'msw'
import type { SetupWorker } from 'msw/browser'
import { action } from 'storybook/actions'
import { fn, type Mock } from 'storybook/test'
import {
  AuthError,
  createAgeGate,
  createSignInEmailStore,
  createReaderSettingsStore,
  createDownloadStore,
  isEmailSignInLink,
  createComicsApi,
  createConsentStore,
  createMemoryStorage,
  createProgressStore,
  createSessionStore,
  type AnalyticsEvent,
  type AuthErrorCode,
  type AuthService,
  type ConsentState,
  type ReadingPosition,
  type SiteMode,
} from '@comics/core'
import {
  createHandlers,
  createMockState,
  MOCK_VIEWERS,
  type MockHandlersOptions,
  type MockState,
  type MockViewer,
  type MockViewerKey,
} from '@comics/mocks'
import { AuthModal, ComicsProvider, type ComicsStores, type Messages, type NavigateOptions, type SiteConfig } from '@comics/react'
import { featuredFor } from './featured'

/** The viewers of the toolbar: the roles of spec §6 ('free' is signed in without a subscription) and the admin. */
export type StoryViewer = 'guest' | 'free' | 'level1' | 'level2' | 'level3' | 'level4' | 'admin'
export type StoryTheme = 'default' | 'partner'

/**
 * Where a story's API lives: same origin, so the service worker answers it, and a path of its own, so
 * that the stories of a docs page (all rendered at once, one worker) each get their own handlers.
 */
export const storyApiBaseUrl = (key: number) => `/stories/${key}/api/v1`

/**
 * What a story may set in `parameters.kit` (the viewer and the site mode come from the toolbar,
 * or from a story's `globals`).
 */
export interface KitParameters {
  /** Latency, forced errors: passed on to the mocks' handlers. */
  mocks?: Omit<MockHandlersOptions, 'baseUrl' | 'siteMode' | 'state'>
  /** Changes the fixture data before the handlers serve it. */
  prepareState?: (state: MockState) => void
  /** Handlers answered before the mocks' own (e.g. page images that fail first). */
  handlers?: () => HttpHandler[]
  /** Default 'accepted'. */
  consent?: ConsentState
  /** The age gate already passed; default false. */
  ageVerified?: boolean
  /** Reading progress to record before the story renders, most recent last. */
  progress?: readonly { comicId: string; position: ReadingPosition }[]
  /**
   * How the fake auth service answers: a provider error code makes every call fail, except that a
   * password-reset code checks out unless the code is the failure (auth/invalid-action-code).
   */
  authFailsWith?: AuthErrorCode
  /** The fake auth service never answers: a story of what shows while it works. */
  authPending?: boolean
  /** Who a sign-in in the auth modal signs in as; default the reader without subscription. */
  signsInAs?: Exclude<MockViewerKey, 'guest'>
  messages?: Partial<Messages>
  /** The provider's locale (plural forms, numbers, prices, dates); default its own, 'en-US'. */
  locale?: string
  site?: SiteConfig
  /** Render the page's AuthModal next to the story (for controls that open it); default true. */
  authModal?: boolean
  /** Changes the stores before the story renders, e.g. a session user signed in with Google. */
  setup?: (stores: ComicsStores) => void
}

/** What the loader builds for each story and the decorator and play functions read from `loaded.kit`. */
export interface StoryKit {
  key: number
  viewer: MockViewer
  siteMode: SiteMode
  stores: ComicsStores
  queryClient: QueryClient
  api: ReturnType<typeof createComicsApi>
  auth: (stores: ComicsStores) => AuthService
  /** Every in-app navigation (logged as the 'navigate' action), with its options (`replace`) when given. */
  navigate: Mock<(path: string, options?: NavigateOptions) => void>
  /** Every departure to an absolute url: checkout, the other main site (the 'redirect' action). */
  redirect: Mock<(url: string) => void>
  /** Every analytics event that passed the consent gate (the 'analytics' action). */
  events: AnalyticsEvent[]
  site: SiteConfig
  messages?: Partial<Messages>
  locale?: string
  authModal: boolean
  /** Follows in-app navigation (a reader story that moves to the episode it is sent to). */
  onNavigate(listener: (path: string) => void): () => void
}

const mockViewerOf = (viewer: StoryViewer): MockViewer => MOCK_VIEWERS[viewer === 'free' ? 'reader' : viewer]

/** An auth service over the fixture viewers: sign-ins put a viewer in the session, as the Firebase adapter does. */
function storyAuth(options: { failWith?: AuthErrorCode; pending?: boolean; signsInAs: Exclude<MockViewerKey, 'guest'> }) {
  return ({ session }: ComicsStores): AuthService => {
    const viewer = MOCK_VIEWERS[options.signsInAs]
    const fail = async () => {
      if (options.pending) await new Promise(() => {})
      if (options.failWith) throw new AuthError(options.failWith)
    }
    const codeFailures: readonly (AuthErrorCode | undefined)[] = ['auth/invalid-action-code', 'auth/expired-action-code']
    const signIn = async () => {
      await fail()
      session.set(viewer.user!, viewer.token!)
      return viewer.user!
    }
    return {
      signInWithEmail: signIn,
      signUpWithEmail: signIn,
      signInWithProvider: signIn,
      sendSignInLink: fail,
      // Real parsing: a story of EmailLinkSignIn passes a well-formed sign-in link as its `url`.
      isSignInLink: isEmailSignInLink,
      signInWithLink: signIn,
      sendPasswordReset: fail,
      checkPasswordResetCode: async () => {
        if (options.pending) await new Promise(() => {})
        if (codeFailures.includes(options.failWith)) throw new AuthError(options.failWith!)
        return viewer.user!.email ?? ''
      },
      resetPassword: signIn,
      sendEmailVerification: fail,
      confirmEmail: fail,
      reauthenticate: fail,
      changeEmail: fail,
      changePassword: fail,
      logout: async () => {
        await fail()
        session.clear()
      },
      getToken: async () => session.getSnapshot().token ?? '',
      start: async () => {},
      dispose: async () => {},
    }
  }
}

let kits = 0

/** A fresh kit for one story: memory storage with the viewer's token, a fresh QueryClient, recording navigation. */
export function createStoryKit(
  key: number,
  viewerKey: StoryViewer,
  siteMode: SiteMode,
  parameters: KitParameters = {},
): StoryKit {
  const viewer = mockViewerOf(viewerKey)
  const storage = createMemoryStorage()
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
  const consent = parameters.consent ?? 'accepted'
  if (consent === 'accepted') stores.consent.accept()
  if (consent === 'rejected') stores.consent.reject()
  if (parameters.ageVerified) stores.ageGate.confirm()
  for (const { comicId, position } of parameters.progress ?? []) stores.progress.record(comicId, position)
  parameters.setup?.(stores)
  const listeners = new Set<(path: string) => void>()

  const events: AnalyticsEvent[] = []
  return {
    key,
    viewer,
    siteMode,
    stores,
    // No retries: an error state shows at once; no garbage collection during a story.
    queryClient: new QueryClient({
      defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
    }),
    api: createComicsApi({ baseUrl: storyApiBaseUrl(key), getToken: () => stores.session.getSnapshot().token, siteMode }),
    auth: storyAuth({ failWith: parameters.authFailsWith, pending: parameters.authPending, signsInAs: parameters.signsInAs ?? 'reader' }),
    navigate: fn((path: string, options?: NavigateOptions) => {
      if (options) action('navigate')(path, options)
      else action('navigate')(path)
      for (const listener of listeners) listener(path)
    }).mockName('navigate'),
    redirect: fn((url: string) => action('redirect')(url)).mockName('redirect'),
    events,
    site: {
      supportEmail: 'support@comics.example',
      hostConfig: { adultHost: 'adult.comics.example', mirrorHosts: ['comics.example'] },
      featured: featuredFor(siteMode),
      ...parameters.site,
    },
    messages: parameters.messages,
    locale: parameters.locale,
    authModal: parameters.authModal ?? true,
    onNavigate: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The handlers a story is served: its own first, then the mocks of @comics/mocks for its site mode. */
export function storyHandlers(key: number, siteMode: SiteMode, parameters: KitParameters = {}): HttpHandler[] {
  const state = createMockState()
  parameters.prepareState?.(state)
  return [
    ...(parameters.handlers?.() ?? []),
    ...createHandlers({ ...parameters.mocks, baseUrl: `*${storyApiBaseUrl(key)}`, siteMode, state }),
  ]
}

/** Serves the story's handlers on the service worker and builds its kit (`loaded.kit`). */
export async function loadStoryKit(
  worker: SetupWorker,
  globals: Record<string, unknown>,
  parameters: KitParameters | undefined,
  viewMode: string,
): Promise<StoryKit> {
  const viewer = (globals.viewer as StoryViewer | undefined) ?? 'guest'
  const siteMode = (globals.siteMode as SiteMode | undefined) ?? 'normal'
  const key = ++kits
  // A docs page renders its stories together: their handlers live side by side, each on its own path.
  if (viewMode !== 'docs') worker.resetHandlers()
  worker.use(...storyHandlers(key, siteMode, parameters))
  return createStoryKit(key, viewer, siteMode, parameters)
}

/** The partner theme: a class on <body>, so that dialogs portalled there follow it too. */
function useThemeClass(theme: StoryTheme) {
  useLayoutEffect(() => {
    document.body.classList.toggle('partner-theme', theme === 'partner')
    return () => document.body.classList.remove('partner-theme')
  }, [theme])
}

/** The provider around every story, as a site renders it. */
export function StoryProvider({ kit, theme, children }: { kit: StoryKit; theme: StoryTheme; children?: ReactNode }) {
  useThemeClass(theme)
  return (
    <ComicsProvider
      // A new kit (another story, another toolbar choice) is a new provider: it builds its state once.
      key={kit.key}
      api={kit.api}
      auth={kit.auth}
      stores={kit.stores}
      queryClient={kit.queryClient}
      siteMode={kit.siteMode}
      site={kit.site}
      messages={kit.messages}
      locale={kit.locale}
      analyticsSinks={[
        {
          send: (event: AnalyticsEvent) => {
            kit.events.push(event)
            action('analytics')(event)
          },
        },
      ]}
      navigate={kit.navigate}
      navigateReplace={(path) => kit.navigate(path, { replace: true })}
      redirect={kit.redirect}
    >
      {children}
      {kit.authModal && <AuthModal />}
    </ComicsProvider>
  )
}
