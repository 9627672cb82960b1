export { DownloadedEpisodes, formatBytes, type DownloadedEpisodesProps } from './DownloadedEpisodes'
