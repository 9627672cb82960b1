/**
 * The `sizes` of a page image: the whole strip up to the page column's width (Reader.css, where
 * `--comics-reader-page-width` defaults to 800px), so that the browser picks from a page's renditions the
 * narrowest one that fills it at the screen's density (750 pixels on a 375-pixel phone at 2x). A document
 * that preloads a first page gives the same value, or the browser would download two sizes of it.
 */
export const READER_PAGE_SIZES = '(max-width: 800px) 100vw, 800px'

/** The `sizes` of a page image when the reader chose 'Fit the screen': the whole width of the screen. */
export const READER_FIT_PAGE_SIZES = '100vw'
