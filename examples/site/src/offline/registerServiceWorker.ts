import { Workbox } from 'workbox-window'
import { newVersion } from './newVersion'
import { SERVICE_WORKER_PATH } from './offlineConstants'

/**
 * Registers the site's service worker (worker/sw.ts, built to /sw.js). When a new build's
 * worker is installed and waiting, the page offers it ('New version available'); Reload tells it to take
 * over, and the page reloads once it does.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  const workbox = new Workbox(SERVICE_WORKER_PATH)
  workbox.addEventListener('waiting', () => {
    newVersion.offer(() => {
      workbox.addEventListener('controlling', () => window.location.reload())
      workbox.messageSkipWaiting()
    })
  })
  workbox.register().catch((error: unknown) => console.warn('The service worker could not be registered:', error))
}
