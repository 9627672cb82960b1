/**
 * Runs `task` when the browser is idle (requestIdleCallback), or shortly after where there is none
 * (Safari, jsdom), so bookkeeping never competes with the page images for the main thread. Returns
 * the cancel function.
 */
export function scheduleIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 1000 })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = setTimeout(task, 200)
  return () => clearTimeout(handle)
}
