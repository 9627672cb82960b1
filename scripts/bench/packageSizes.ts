import { spawnSync } from 'node:child_process'
import { benchPaths } from './paths'

export interface PackageSize {
  name: string
  gzipBytes: number
  limitBytes: number
  passed: boolean
}

/** Builds the published packages (`pnpm build`) and reads size-limit's figures (`pnpm size --json`). */
export function measurePackageSizes(): PackageSize[] {
  const run = (args: string[]) => {
    const result = spawnSync('pnpm', args, { cwd: benchPaths.workspaceRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    return result
  }
  const build = run(['build'])
  if (build.status !== 0) throw new Error(`pnpm build failed:\n${build.stdout}\n${build.stderr}`)
  // size-limit exits with 1 when a budget is exceeded; its JSON still says which.
  const size = run(['-s', 'size', '--json'])
  const json = size.stdout.slice(size.stdout.indexOf('['))
  let parsed: { name: string; size: number; sizeLimit: number; passed: boolean }[]
  try {
    parsed = JSON.parse(json) as typeof parsed
  } catch {
    throw new Error(`pnpm size --json printed no JSON:\n${size.stdout}\n${size.stderr}`)
  }
  return parsed.map((entry) => ({ name: entry.name, gzipBytes: entry.size, limitBytes: entry.sizeLimit, passed: entry.passed }))
}
