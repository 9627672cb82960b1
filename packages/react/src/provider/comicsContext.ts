import { createContext, type AnchorHTMLAttributes, type ComponentType, type ReactNode } from 'react'
import type {
  AgeGate,
  Analytics,
  AuthService,
  ComicsApi,
  ConsentStore,
  DownloadStore,
  HostConfig,
  ProgressStore,
  ReaderSettingsStore,
  SessionStore,
  SignInEmailStore,
  SiteMode,
} from '@comics/core'
import type { Messages, ReaderMessages } from '../messages'
import type { AuthModalController } from './authModalController'

/** Props every link of the kit passes: React Router's `Link` accepts them as they are. */
export type KitLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string
  children?: ReactNode
}

/** The link component the kit renders for in-app paths. */
export type LinkComponent = ComponentType<KitLinkProps>

/** One item of the home page's featured carousel (spec §2 "Home"). */
export interface FeaturedComic {
  id: string
  image: string
  mobileImage: string
  title: string
  description: string
  rating: number
  ageRating: string
  isReadersChoice: boolean
}

/**
 * What the site tells the kit about itself. Open on purpose: components read the fields they need and
 * a site may carry more.
 */
export interface SiteConfig {
  /** Adult and mirror hosts: the age gate's No leads to the other main site. */
  hostConfig?: HostConfig
  /** Address of the footer's 'Contact us' and 'For Creators' mail links. */
  supportEmail?: string
  /** The home carousel's items for the current mode (spec §2: 3 per mode). */
  featured?: readonly FeaturedComic[]
  [key: string]: unknown
}

/** The stores the provider builds (or is given), each bound by a hook with useSyncExternalStore. */
export interface ComicsStores {
  session: SessionStore
  progress: ProgressStore
  consent: ConsentStore
  ageGate: AgeGate
  /** The address an email sign-in link was sent to, until the link is used (core's createSignInEmailStore). */
  signInEmail: SignInEmailStore
  /**
   * The reader's settings (core's createReaderSettingsStore), kept across reloads and, for a signed-in
   * reader, across devices by the provider (core's createReaderSettingsSync).
   */
  readerSettings: ReaderSettingsStore
  /** Downloaded episodes for offline reading (core's createDownloadStore over Cache Storage). */
  downloads: DownloadStore
}

/** Everything a kit component reads from ComicsProvider. */
/**
 * How the kit navigates: `replace` takes the place of the current history entry instead of adding one
 * (continuous reading moves the address from one episode to the next that way, so Back leaves the reader).
 */
export interface NavigateOptions {
  replace?: boolean
}

export interface ComicsContextValue {
  api: ComicsApi
  auth: AuthService | null
  stores: ComicsStores
  analytics: Analytics
  siteMode: SiteMode
  site: SiteConfig
  /** The readers' screens' messages (READER_MESSAGES) and every override the provider was given. */
  messages: ReaderMessages & Partial<Messages>
  /** The locale of plural forms, numbers, prices and dates; default 'en-US'. */
  locale: string
  /** In-app navigation to a path of spec §2; `replace` takes the place of the current history entry. */
  navigate: (path: string, options?: NavigateOptions) => void
  /** Leaves the app for an absolute url (checkout, the other main site). */
  redirect: (url: string) => void
  Link: LinkComponent
  authModal: AuthModalController
}

export const ComicsContext = createContext<ComicsContextValue | null>(null)
ComicsContext.displayName = 'ComicsContext'
