import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { startProcessGroup } from './processGroup'

/** The workspace packages the site is built from, by their folders under packages/. */
const SITE_PACKAGES = ['core', 'react']

/** The newest modification time of the files under `dir` (0 if there is none). */
function newestFile(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs)
  }
  return newest
}

/** A package whose dist/ is missing or older than one of its sources or its build configuration. */
function stalePackages(workspaceRoot: string): string[] {
  return SITE_PACKAGES.filter((name) => {
    const dir = join(workspaceRoot, 'packages', name)
    let built: number
    try {
      built = statSync(join(dir, 'dist/index.js')).mtimeMs
    } catch {
      return true
    }
    const inputs = Math.max(newestFile(join(dir, 'src')), statSync(join(dir, 'tsup.config.ts')).mtimeMs, statSync(join(dir, 'package.json')).mtimeMs)
    return inputs > built
  })
}

/**
 * The site builds against the kit's packages as a partner's app does, through their exports to dist/:
 * `pnpm --filter site^... build` (the site's workspace dependencies) when a dist/ is missing or older
 * than its sources. `log` takes the build's output; resolves once the packages are built.
 */
export async function buildKitPackages(options: { workspaceRoot: string; log: string; timeoutMs?: number }): Promise<void> {
  const stale = stalePackages(options.workspaceRoot)
  if (stale.length === 0) return
  console.log(`[kit] building the packages the site is built from (${stale.join(', ')} not built or older than their sources)…`)
  const group = startProcessGroup('pnpm', ['--filter', 'site^...', 'build'], { cwd: options.workspaceRoot, env: process.env, log: options.log })
  const timeout = setTimeout(() => void group.stop(), options.timeoutMs ?? 600_000)
  const code = await group.exit
  clearTimeout(timeout)
  if (code !== 0) throw new Error(`The packages' build (pnpm --filter site^... build) failed:\n${group.output()}`)
}
