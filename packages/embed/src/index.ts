// @comics/embed: `<comics-reader>` for any page. This module is self-contained (React, the kit and its
// stylesheet are bundled in): `<script type="module" src=".../comics-reader.js">` defines the element.
import kitStylesheet from '@comics/react/styles.css?raw'
import type { ComicsReaderElement } from './ComicsReaderElement'
import { defineComicsReader } from './defineComicsReader'

export { ComicsReaderElement, DEFAULT_STORAGE_PREFIX } from './ComicsReaderElement'
export { COMICS_READER_TAG } from './defineComicsReader'
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

defineComicsReader(kitStylesheet)

declare global {
  interface HTMLElementTagNameMap {
    'comics-reader': ComicsReaderElement
  }
}
