import { useRemoveRevokedDownloads } from '@comics/react'

/** The kit's clean-up of downloads the reader may no longer keep, as a component (src/offline/RemoveRevokedDownloads.tsx). */
export default function RevokedDownloadsCleanup() {
  useRemoveRevokedDownloads()
  return null
}
