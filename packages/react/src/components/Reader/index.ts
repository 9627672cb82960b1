export { Reader, type ReaderProps } from './Reader'
export { READER_FIT_PAGE_SIZES, READER_PAGE_SIZES } from './pageSizes'
export { READER_SHORTCUTS, type ReaderShortcutAction, type ReaderShortcutKey } from './useReaderKeyboard'
