/** The events `<comics-reader>` dispatches: CustomEvents that bubble and cross the shadow boundary. */
export interface ComicsReaderEventMap {
  /**
   * The reader moves to another episode of the comic (Prev, Next, the episode list). Cancelable: a page
   * that calls `preventDefault()` stays on the episode and may set the `episode` attribute itself.
   */
  episodechange: CustomEvent<EpisodeChangeDetail>
  /** The API refused this viewer the episode's pages (401 signed out, 403 without the plan). */
  locked: CustomEvent<LockedDetail>
  /** The reading position was recorded (when the browser is idle): the episode, the page and the offset. */
  progress: CustomEvent<ProgressDetail>
  /** The reader asks the viewer to sign in (a locked episode, its Sign In button): the page's own sign-in. */
  signin: CustomEvent<SignInDetail>
  /**
   * A link or a step that leaves the reader (Close reader, /premium). Cancelable; without `preventDefault()`
   * the window goes to `url` when the element has a `site` attribute, and stays otherwise.
   */
  navigate: CustomEvent<NavigateDetail>
}

export interface EpisodeChangeDetail {
  comicId: string
  chapterId: string
  previousChapterId: string
}

export interface LockedDetail {
  comicId: string
  chapterId: string
  /** False: the viewer must sign in; true: the viewer's plan does not open this episode. */
  signedIn: boolean
  status: 401 | 403
}

export interface ProgressDetail {
  comicId: string
  chapterId: string
  chapterTitle: string
  /** Zero-based index of the page in view. */
  page: number
  /** Pixels scrolled into that page. */
  offset: number
}

export interface SignInDetail {
  mode: 'sign-in' | 'sign-up'
}

export interface NavigateDetail {
  /** The kit's path, e.g. `/comic/4` or `/premium`. */
  path: string
  /** The path on the `site` attribute's origin, or null without one. */
  url: string | null
}

/**
 * What a page hands the reader on sign-in, a token refresh or sign-out: dispatch `comics-token` on the
 * element with it as `detail` (`token: null` signs out). `uid` tells viewers apart (the reader's cache
 * is per viewer); without it one signed-in viewer is assumed.
 * @example reader.dispatchEvent(new CustomEvent('comics-token', { detail: { token, uid: user.uid } }))
 */
export interface ComicsTokenDetail {
  token: string | null
  uid?: string
}

/** What a `token-getter` function answers: the token, or the token with the viewer's uid; null for a guest. */
export type TokenGetterResult = string | null | undefined | ComicsTokenDetail

export function dispatchReaderEvent<K extends keyof ComicsReaderEventMap>(
  target: EventTarget,
  type: K,
  detail: ComicsReaderEventMap[K]['detail'],
  options: { cancelable?: boolean } = {},
): boolean {
  return target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }))
}
