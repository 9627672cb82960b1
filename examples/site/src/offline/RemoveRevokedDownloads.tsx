import { lazy, Suspense, useEffect, useState } from 'react'

const RevokedDownloadsCleanup = lazy(() => import('./revokedDownloadsPart'))

/**
 * Downloads of an ended subscription go on the next online visit, whatever screen it opens (the kit's
 * useRemoveRevokedDownloads). It asks for the reader's subscription and coin unlocks, which the first
 * paint does not need: its code is fetched once the page runs.
 */
export function RemoveRevokedDownloads() {
  const [running, setRunning] = useState(false)
  useEffect(() => setRunning(true), [])
  return running ? (
    <Suspense fallback={null}>
      <RevokedDownloadsCleanup />
    </Suspense>
  ) : null
}
