import { ComicsReaderElement } from './ComicsReaderElement'

/** The element's tag name. */
export const COMICS_READER_TAG = 'comics-reader'

/**
 * Defines `<comics-reader>` with the kit's stylesheet (its text, as `@comics/react/styles.css` publishes
 * it). A page that already has the element keeps the first definition.
 */
export function defineComicsReader(kitStylesheet: string): void {
  ComicsReaderElement.kitStylesheet = kitStylesheet
  if (typeof customElements !== 'undefined' && !customElements.get(COMICS_READER_TAG)) {
    customElements.define(COMICS_READER_TAG, ComicsReaderElement)
  }
}
