export { Reader, type ReaderProps } from './Reader'
export { READER_PAGE_SIZES } from './pageSizes'
