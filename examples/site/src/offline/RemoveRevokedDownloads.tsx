import { lazy, Suspense, useEffect, useState } from 'react'
import { browserSite } from '../app/browserSite'
import { hasDownloads } from './hasDownloads'

const RevokedDownloadsCleanup = lazy(() => import('./revokedDownloadsPart'))

/**
 * Downloads of an ended subscription go on the next online visit, whatever screen it opens (the kit's
 * useRemoveRevokedDownloads). It asks for the reader's subscription and coin unlocks, which the first
 * paint does not need, and only a browser holding downloads needs it at all: its code is fetched once
 * the page runs, if the downloads' cache exists and holds any (or once the reader downloads one).
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
    // A browser without the downloads' cache has none: the store is not even fetched.
    void hasDownloads().then((held) => (held ? downloads.load().then(check) : undefined))
    return stop
  }, [])
  return needed ? (
    <Suspense fallback={null}>
      <RevokedDownloadsCleanup />
    </Suspense>
  ) : null
}
