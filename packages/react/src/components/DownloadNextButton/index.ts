export { DownloadNextButton, type DownloadNextButtonProps } from './DownloadNextButton'
