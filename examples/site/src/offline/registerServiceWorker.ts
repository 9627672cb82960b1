import { newVersion } from './newVersion'
import { SERVICE_WORKER_PATH, SKIP_WAITING_MESSAGE } from './offlineConstants'

/** What the registration needs of the browser's service worker container (navigator.serviceWorker). */
export type WorkerContainer = Pick<ServiceWorkerContainer, 'register' | 'controller' | 'addEventListener'>

/**
 * Registers the site's service worker (worker/sw.ts, built to /sw.js) with the browser's own API. When a
 * new build's worker is installed and waiting while an older one controls the page, the page offers it
 * ('New version available'); Reload tells it to take over (the worker's SKIP_WAITING message), and the
 * page reloads once it controls the page; where another tab's Reload took it already, the page reloads at
 * once. A first install is no new version: nothing is offered.
 * The platform's few events do what workbox-window's `waiting` event did, without its 2 kB on every
 * page's first load.
 */
export async function registerServiceWorker(
  container: WorkerContainer | undefined = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker,
): Promise<void> {
  if (!container) return
  const offer = (worker: ServiceWorker) =>
    newVersion.offer(() => {
      // Taken in another tab already (it controls this page now), or replaced by a newer build: the page
      // still runs the last build, and no controller change is coming to reload it, so reload now.
      if (container.controller === worker || worker.state === 'redundant') {
        window.location.reload()
        return
      }
      container.addEventListener('controllerchange', () => window.location.reload(), { once: true })
      worker.postMessage({ type: SKIP_WAITING_MESSAGE })
    })
  let registration: ServiceWorkerRegistration | undefined
  try {
    registration = await container.register(SERVICE_WORKER_PATH)
  } catch (error) {
    console.warn('The service worker could not be registered:', error)
    return
  }
  // A browser that blocks workers (a policy, an automation setting) may answer with no registration.
  if (!registration) return
  // A new build installed on an earlier visit, still waiting.
  if (registration.waiting && container.controller) offer(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller) offer(installing)
    })
  })
}

/**
 * The site's registration (src/main.tsx loads this chunk after `load`), at the browser's next idle moment
 * (within 3 s): after the screen's hydration and the paint it holds up, which come after `load` on a slow
 * phone, so the worker's precache downloads after the first screen, not beside it.
 */
export function registerWhenIdle(container?: WorkerContainer): void {
  const register = () => void registerServiceWorker(container)
  if (typeof requestIdleCallback == 'function') requestIdleCallback(register, { timeout: 3000 })
  else setTimeout(register)
}
