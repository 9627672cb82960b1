import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url))
const resultsDir = `${workspaceRoot}bench-results`
const cacheDir = `${resultsDir}/.cache`
mkdirSync(cacheDir, { recursive: true })

/** Where the bench reads and writes. bench-results/.cache is git-ignored; latest.json is committed. */
export const benchPaths = {
  workspaceRoot,
  apiRoot: `${workspaceRoot}examples/api`,
  siteRoot: `${workspaceRoot}examples/site`,
  resultsDir,
  cacheDir,
  distDir: `${cacheDir}/site-dist`,
  latestJson: `${resultsDir}/latest.json`,
}
