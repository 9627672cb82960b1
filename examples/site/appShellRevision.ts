import { createHash } from 'node:crypto'

/** An entry of the worker's precache list, as workbox-build writes it. */
export interface PrecacheListEntry {
  url: string
  revision?: string | null
}

/**
 * The app shell's revision in the worker's precache list (vite.config.ts): a hash of every other entry,
 * since the shell names the build's files. A build whose files differ gets a new shell, and its worker
 * differs from the last.
 */
export function appShellRevision(entries: readonly PrecacheListEntry[]): string {
  const build = createHash('sha256')
  for (const entry of [...entries].sort((a, b) => a.url.localeCompare(b.url))) build.update(`${entry.url} ${entry.revision ?? ''}\n`)
  return build.digest('hex').slice(0, 32)
}
