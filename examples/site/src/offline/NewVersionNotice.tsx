import { useSyncExternalStore } from 'react'
import { NewVersionPrompt } from '@comics/react'
import { newVersion } from './newVersion'

/** The kit's 'New version available' prompt while a new build's worker waits (see registerServiceWorker.ts). */
export function NewVersionNotice() {
  const { take, taking } = useSyncExternalStore(newVersion.subscribe, newVersion.getSnapshot, newVersion.getSnapshot)
  if (!take) return null
  return <NewVersionPrompt onReload={take} onDismiss={newVersion.dismiss} reloading={taking} />
}
