export { Reader, type ReaderProps } from './Reader'
