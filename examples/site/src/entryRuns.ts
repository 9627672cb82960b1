declare global {
  interface Window {
    /** Set by the document's inline script (routePreloads.ts): the entry script has downloaded and runs. */
    __comicsEntryRuns?: () => void
  }
}

/**
 * The entry's first module: tells the document's inline script that the entry script has downloaded, so
 * the screen's first image, which waited for that download to have the connection to itself, is preloaded
 * now. The script also learns it from Resource Timing, but that report is a task of its own, which ran
 * only after the entry's evaluation: that long later on the image's path (docs/performance.md).
 */
window.__comicsEntryRuns?.()

export {}
