export { DOWNLOADS_CACHE_NAME } from './downloadsCache'
export {
  createDownloadStore,
  downloadKey,
  DownloadError,
  PAGE_BYTES_RESERVE,
  type DownloadErrorCode,
  type DownloadedEpisode,
  type DownloadProgress,
  type DownloadsSnapshot,
  type DownloadStore,
  type DownloadStoreOptions,
  type DownloadStorageManager,
  type EpisodeToDownload,
} from './downloadStore'
export { createLazyDownloadStore } from './lazyDownloadStore'
export { downloadedComics, withOfflineDownloads } from './offlineApi'
