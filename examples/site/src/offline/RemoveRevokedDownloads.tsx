import { lazy, Suspense, useEffect, useState } from 'react'
import { browserSite } from '../app/browserSite'

const RevokedDownloadsCleanup = lazy(() => import('./revokedDownloadsPart'))

/**
 * Downloads of an ended subscription go on the next online visit, whatever screen it opens (the kit's
 * useRemoveRevokedDownloads). It asks for the reader's subscription and coin unlocks, which the first
 * paint does not need, and only a browser holding downloads needs it at all: its code is fetched once
 * the page runs and the downloads are read, if there are any.
 */
export function RemoveRevokedDownloads() {
  const [needed, setNeeded] = useState(false)
  useEffect(() => {
    const downloads = browserSite()?.services.downloads
    if (!downloads) return
    const check = () => {
      if (downloads.getSnapshot().episodes.length > 0) setNeeded(true)
    }
    const stop = downloads.subscribe(check)
    void downloads.load().then(check)
    return stop
  }, [])
  return needed ? (
    <Suspense fallback={null}>
      <RevokedDownloadsCleanup />
    </Suspense>
  ) : null
}
