import { DownloadError } from '@comics/core'
import type { EpisodeMessages } from '../../messages'

/** The message of a failed download: no room, the network, or anything else. */
export function downloadFailureMessage(messages: EpisodeMessages, error: unknown): string {
  if (error instanceof DownloadError && error.code === 'storage-full') return messages['download.failed.storage-full']
  if ((error instanceof DownloadError && error.code === 'network') || (error as { code?: unknown } | null)?.code === 'network') return messages['download.failed.network']
  return messages['download.failed.other']
}
