import { lazy, Suspense, useSyncExternalStore } from 'react'
import { newVersion } from './newVersion'

// The prompt's code is fetched when a new version waits, not with every first visit.
const NewVersionPromptPart = lazy(() => import('./newVersionPromptPart'))

/** The kit's 'New version available' prompt while a new build's worker waits (see registerServiceWorker.ts). */
export function NewVersionNotice() {
  const { take, taking } = useSyncExternalStore(newVersion.subscribe, newVersion.getSnapshot, newVersion.getSnapshot)
  if (!take) return null
  return (
    <Suspense fallback={null}>
      <NewVersionPromptPart onReload={take} onDismiss={newVersion.dismiss} reloading={taking} />
    </Suspense>
  )
}
