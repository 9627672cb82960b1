export { DownloadMyData, type DownloadMyDataProps } from './DownloadMyData'
