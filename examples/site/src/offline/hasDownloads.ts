import { DOWNLOADS_CACHE_NAME } from '@comics/core'

/** Whether this browser holds downloads (their cache exists), asked without loading core's download store. */
export async function hasDownloads(): Promise<boolean> {
  return typeof caches !== 'undefined' && (await caches.has(DOWNLOADS_CACHE_NAME).catch(() => false))
}
