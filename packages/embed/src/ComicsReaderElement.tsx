import { StrictMode, type MouseEvent } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import {
  createBrowserStorage,
  createComicsApi,
  createMemoryStorage,
  createPrefixedStorage,
  createSessionStore,
  type AuthUser,
  type ComicsApi,
  type KeyValueStorage,
  type SessionStore,
  type SiteMode,
} from '@comics/core'
import { ComicsProvider, createDefaultQueryClient, Reader, useNavigate, type KitLinkProps } from '@comics/react'
import { dispatchReaderEvent, type ComicsReaderEventMap, type ComicsTokenDetail, type TokenGetterResult } from './events'
import { ReaderEvents } from './ReaderEvents'
import { shadowStylesheet } from './shadowStylesheet'

/** The prefix of the kit's storage keys on the page's localStorage, unless `storage-prefix` says another. */
export const DEFAULT_STORAGE_PREFIX = 'comics:'

const READER_PATH = /^\/comic\/([^/]+)\/([^/]+)(\/uncensored)?$/

/** The page's user as the kit's session holds it: the embed knows only what the page hands over. */
const embeddedUser = (uid: string): AuthUser => ({
  uid,
  email: null,
  displayName: null,
  photoURL: null,
  emailVerified: false,
  phoneNumber: null,
  providerId: 'embed',
  creationTime: null,
  lastSignInTime: null,
  providerData: [],
})

function tokenDetailOf(result: TokenGetterResult): ComicsTokenDetail {
  if (typeof result === 'string') return { token: result.length > 0 ? result : null }
  if (result && typeof result === 'object') return { token: typeof result.token === 'string' && result.token ? result.token : null, uid: result.uid }
  return { token: null }
}

const isPlainLeftClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey

/** A server or a test without a DOM can still load the module; the element needs a browser. */
const ElementBase: typeof HTMLElement = typeof HTMLElement === 'undefined' ? (class {} as typeof HTMLElement) : HTMLElement

let sharedSheet: { css: string; sheet: CSSStyleSheet } | undefined

/**
 * `<comics-reader api comic episode>`: the kit's Reader in a shadow root with the kit's stylesheet.
 *
 * Attributes: `api` (the versioned API root, e.g. `https://comics.example/api/v1`), `comic` and `episode`
 * (the comic's and the chapter's ids), `uncensored`, `site-mode` (`normal`, default, or `adult`),
 * `site` (the comics site's origin, for its links), `token-getter` (the name of a global function that
 * answers the viewer's token; called for each request), `storage` (`local`, default, or `memory`: keep
 * nothing on the page) and `storage-prefix` (default `comics:`), read when the element is first connected.
 *
 * Events out (see {@link ComicsReaderEventMap}): `episodechange`, `locked`, `progress`, `signin`,
 * `navigate`. In: `comics-token` (see {@link ComicsTokenDetail}).
 */
export class ComicsReaderElement extends ElementBase {
  static readonly observedAttributes = ['api', 'comic', 'episode', 'uncensored', 'site-mode', 'site', 'token-getter']
  /** The kit's stylesheet (as published), set once by the entry module before the element is defined. */
  static kitStylesheet = ''

  #root: Root | null = null
  #container: HTMLDivElement | null = null
  #session: SessionStore = createSessionStore(createMemoryStorage())
  #storage: KeyValueStorage | null = null
  #queryClient = createDefaultQueryClient()
  #api: { key: string; api: ComicsApi } | null = null
  /** Until the token getter's first answer the reader waits, so that it asks once, as the right viewer. */
  #ready: Promise<void> | null = null

  connectedCallback(): void {
    if (!this.#container) this.#attachShadowRoot()
    this.#storage ??= this.#makeStorage()
    if (!this.#root) {
      this.#root = createRoot(this.#container!)
      this.addEventListener('comics-token', this.#onToken)
      this.#ready = this.#refreshToken()
    }
    void this.#ready?.then(() => this.#render())
  }

  disconnectedCallback(): void {
    // A move within the page disconnects and connects again in one task: keep the reader then.
    queueMicrotask(() => {
      if (this.isConnected || !this.#root) return
      this.#root.unmount()
      this.#root = null
      this.removeEventListener('comics-token', this.#onToken)
    })
  }

  attributeChangedCallback(name: string): void {
    if (name === 'token-getter' && this.#root) this.#ready = this.#refreshToken()
    if (this.#root) void this.#ready?.then(() => this.#render())
  }

  /** The token function the `token-getter` attribute names, if the page defines it. */
  #tokenGetter(): (() => TokenGetterResult | Promise<TokenGetterResult>) | null {
    const name = this.getAttribute('token-getter')
    if (!name) return null
    const candidate = (globalThis as Record<string, unknown>)[name]
    return typeof candidate === 'function' ? (candidate as () => TokenGetterResult | Promise<TokenGetterResult>) : null
  }

  readonly #getToken = async (): Promise<string | null> => {
    const getter = this.#tokenGetter()
    if (!getter) return this.#session.getSnapshot().token
    return tokenDetailOf(await getter()).token
  }

  async #refreshToken(): Promise<void> {
    const getter = this.#tokenGetter()
    if (!getter) return
    try {
      this.#applyToken(tokenDetailOf(await getter()))
    } catch (error) {
      console.error('<comics-reader>: the token getter failed; reading as a guest', error)
      this.#applyToken({ token: null })
    }
  }

  readonly #onToken = (event: Event): void => {
    const detail: unknown = (event as CustomEvent<unknown>).detail
    if (detail && typeof detail === 'object' && 'token' in detail) this.#applyToken(tokenDetailOf(detail as ComicsTokenDetail))
    else this.#ready = this.#refreshToken().then(() => this.#render())
  }

  /** The kit's session follows the page's: a new viewer (or none) fetches again what it may read. */
  #applyToken({ token, uid }: ComicsTokenDetail): void {
    const before = this.#session.getSnapshot()
    const viewer = uid ?? 'embedded-viewer'
    if (token) this.#session.set(embeddedUser(viewer), token)
    else this.#session.clear()
    if (before.signedIn !== Boolean(token) || (token && before.user?.uid !== viewer)) void this.#queryClient.invalidateQueries()
  }

  #makeStorage(): KeyValueStorage {
    if (this.getAttribute('storage') === 'memory') return createMemoryStorage()
    return createPrefixedStorage(createBrowserStorage(), this.getAttribute('storage-prefix') || DEFAULT_STORAGE_PREFIX)
  }

  #attachShadowRoot(): void {
    const shadow = this.attachShadow({ mode: 'open' })
    const css = ComicsReaderElement.kitStylesheet
    if (sharedSheet?.css !== css) {
      const sheet = new CSSStyleSheet()
      sheet.replaceSync(shadowStylesheet(css))
      sharedSheet = { css, sheet }
    }
    shadow.adoptedStyleSheets = [sharedSheet.sheet]
    this.#container = document.createElement('div')
    this.#container.className = 'comics-embed'
    shadow.append(this.#container)
  }

  #siteUrl(path: string): string | null {
    const site = this.getAttribute('site')
    if (!site) return null
    try {
      return new URL(path, site).href
    } catch {
      return null
    }
  }

  /** The kit's in-app navigation: another episode of the comic stays in the element, anything else is the page's. */
  readonly #navigate = (path: string): void => {
    const match = READER_PATH.exec(path)
    const comicId = this.getAttribute('comic') ?? ''
    if (match && decodeURIComponent(match[1]!) === comicId) {
      const chapterId = decodeURIComponent(match[2]!)
      const previousChapterId = this.getAttribute('episode') ?? ''
      if (chapterId === previousChapterId) return
      if (dispatchReaderEvent(this, 'episodechange', { comicId, chapterId, previousChapterId }, { cancelable: true })) {
        this.setAttribute('episode', chapterId)
      }
      return
    }
    const url = this.#siteUrl(path)
    if (dispatchReaderEvent(this, 'navigate', { path, url }, { cancelable: true }) && url) window.location.assign(url)
  }

  /** The kit's links: a real `<a href>` on the comics site when `site` is set; plain clicks go through navigate. */
  readonly #Link = ({ to, onClick, target, children, ...rest }: KitLinkProps) => {
    const navigate = useNavigate()
    return (
      <a
        {...rest}
        href={this.#siteUrl(to) ?? to}
        target={target}
        onClick={(event) => {
          onClick?.(event)
          if (event.defaultPrevented || !isPlainLeftClick(event) || (target && target !== '_self')) return
          event.preventDefault()
          navigate(to)
        }}
      >
        {children}
      </a>
    )
  }

  /** One client per API root and mode; each request asks the token getter (or the session) for the token. */
  #apiFor(baseUrl: string, siteMode: SiteMode): ComicsApi {
    const key = `${siteMode} ${baseUrl}`
    if (this.#api?.key !== key) this.#api = { key, api: createComicsApi({ baseUrl, siteMode, getToken: this.#getToken }) }
    return this.#api.api
  }

  #render(): void {
    const root = this.#root
    if (!root) return
    const apiBaseUrl = this.getAttribute('api')
    const comicId = this.getAttribute('comic')
    const chapterId = this.getAttribute('episode')
    if (!apiBaseUrl || !comicId || !chapterId) {
      console.error('<comics-reader> needs the api, comic and episode attributes, e.g. <comics-reader api="/api/v1" comic="4" episode="404">.')
      root.render(null)
      return
    }
    const siteMode: SiteMode = this.getAttribute('site-mode') === 'adult' ? 'adult' : 'normal'
    const uncensored = this.hasAttribute('uncensored')
    root.render(
      <StrictMode>
        <ComicsProvider
          api={this.#apiFor(apiBaseUrl, siteMode)}
          siteMode={siteMode}
          storage={this.#storage ?? createMemoryStorage()}
          stores={{ session: this.#session }}
          queryClient={this.#queryClient}
          navigate={this.#navigate}
          linkComponent={this.#Link}
        >
          <Reader comicId={comicId} chapterId={chapterId} uncensored={uncensored} />
          <ReaderEvents host={this} comicId={comicId} chapterId={chapterId} uncensored={uncensored} />
        </ComicsProvider>
      </StrictMode>,
    )
  }
}

// The element's own events, typed for `addEventListener` (declaration merging with the class).
export interface ComicsReaderElement {
  addEventListener<K extends keyof ComicsReaderEventMap>(
    type: K,
    listener: (this: ComicsReaderElement, event: ComicsReaderEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void
  removeEventListener<K extends keyof ComicsReaderEventMap>(
    type: K,
    listener: (this: ComicsReaderElement, event: ComicsReaderEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void
}
