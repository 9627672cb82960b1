// @comics/embed: `<comics-reader>` for any page. This module is self-contained (React, the kit and its
// stylesheet are bundled in): `<script type="module" src=".../comics-reader.js">` defines the element.
import kitStylesheet from '@comics/react/styles.css?raw'
import { ComicsReaderElement } from './ComicsReaderElement'

export { ComicsReaderElement, DEFAULT_STORAGE_PREFIX } from './ComicsReaderElement'
export type {
  ComicsReaderEventMap,
  ComicsTokenDetail,
  EpisodeChangeDetail,
  LockedDetail,
  NavigateDetail,
  ProgressDetail,
  SignInDetail,
  TokenGetterResult,
} from './events'

/** The element's tag name. */
export const COMICS_READER_TAG = 'comics-reader'

ComicsReaderElement.kitStylesheet = kitStylesheet
if (typeof customElements !== 'undefined' && !customElements.get(COMICS_READER_TAG)) {
  customElements.define(COMICS_READER_TAG, ComicsReaderElement)
}

declare global {
  interface HTMLElementTagNameMap {
    'comics-reader': ComicsReaderElement
  }
}
