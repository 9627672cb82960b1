/**
 * The service worker (offline reading, the installed app): its chunk is loaded once the page has loaded,
 * and registers it when the browser is next idle: nothing of it, its precache's downloads included, is on
 * the first screen's path. The dev server has none. Called once, when the app has started (root.tsx).
 */
export function registerServiceWorkerAfterLoad(): void {
  if (!import.meta.env.PROD) return
  const registerWorker = () => void import('./registerServiceWorker').then(({ registerWhenIdle }) => registerWhenIdle())
  if (document.readyState === 'complete') registerWorker()
  else window.addEventListener('load', registerWorker, { once: true })
}
