export { DownloadButton, type DownloadButtonProps } from './DownloadButton'
