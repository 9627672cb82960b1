import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startAuthEmulator, type RunningAuthEmulator } from '@comics/auth-emulator'
import { freePort } from '@comics/test-stack/freePort'
import { buildKitPackages } from '@comics/test-stack/kitBuild'
import { startProcessGroup } from '@comics/test-stack/processGroup'
import { cachedSeed, newSeedFolder, seedFingerprint } from '@comics/test-stack/seededApiData'
import { launchApi } from '@comics/test-stack/startApi'
import { startSite } from '@comics/test-stack/startSite'
import { BUILD_DIR_VARIABLE, REACT_ROUTER_CLI } from '@comics/test-stack/siteBuild'
import { benchPaths } from './paths'
import { readRouterManifest } from './routerManifest'

/** The long comic the reader is measured on: 12 episodes of 60 pages (see the api's seed --long-comic). */
export const LONG_COMIC = { episodes: 12, pages: 60 }
const SEED_ARGS = ['--episodes', '60', '--pool', '8', '--long-comic', `${LONG_COMIC.episodes}x${LONG_COMIC.pages}`]

export interface BenchStack {
  /** The site on its mirror host, e.g. http://localhost:41234 (the long comic is a mirror comic). */
  siteOrigin: string
  sitePort: number
  apiUrl: string
  emulatorHost: string
  /**
   * The production build the site's server serves (react-router build: the browser's files with their
   * source maps in client/, React Router's manifest among them; the server in server/index.js).
   */
  distDir: string
  stop(): Promise<void>
}

async function run(name: string, command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; log: string; timeoutMs: number }) {
  const group = startProcessGroup(command, args, options)
  const timeout = setTimeout(() => void group.stop(), options.timeoutMs)
  const code = await group.exit
  clearTimeout(timeout)
  if (code !== 0) throw new Error(`${name} failed (exit ${code}):\n${group.output()}`)
}

/**
 * The production build of the site, as a deployment would make it (no analytics to the console), with the
 * Auth emulator built in so that the subscriber can sign in. The folder is emptied first: outside the
 * site's folder, the build would leave the last build's chunks (and its manifest) beside its own.
 */
export async function buildBenchSite(emulatorHost: string): Promise<string> {
  const { siteRoot, distDir, cacheDir, workspaceRoot } = benchPaths
  await buildKitPackages({ workspaceRoot, log: join(cacheDir, 'packages-build.log') })
  rmSync(distDir, { recursive: true, force: true })
  await run('The site build', process.execPath, [join(siteRoot, REACT_ROUTER_CLI), 'build'], {
    cwd: siteRoot,
    log: join(cacheDir, 'site-build.log'),
    env: { ...process.env, NODE_ENV: 'production', [BUILD_DIR_VARIABLE]: distDir, VITE_AUTH_EMULATOR_URL: `http://${emulatorHost}`, VITE_ANALYTICS_CONSOLE: '' },
    timeoutMs: 300_000,
  })
  return distDir
}

/**
 * A PGlite data folder seeded with the small catalogue plus the long comic, made once per version of the
 * api's migrations, schema and seed (the e2e suite's fingerprint) and kept under bench-results/.cache.
 */
async function seededData(): Promise<string> {
  const { apiRoot, workspaceRoot, cacheDir } = benchPaths
  const seedCache = join(cacheDir, 'api-seed')
  const fingerprint = `${seedFingerprint(apiRoot)}-${LONG_COMIC.episodes}x${LONG_COMIC.pages}`
  const cached = cachedSeed(seedCache, fingerprint)
  if (cached) return cached
  const fresh = newSeedFolder(seedCache, fingerprint)
  console.log('[bench] seeding the api data and its page renditions (once per seed version, about two minutes)')
  await run('The seed', 'pnpm', ['--filter', 'api', 'seed', ...SEED_ARGS], {
    cwd: workspaceRoot,
    log: join(cacheDir, 'api-seed.log'),
    env: { ...process.env, DATA_DIR: fresh.data },
    timeoutMs: 600_000,
  })
  fresh.markReady()
  return fresh.data
}

/**
 * Auth emulator + api (on a private copy of the seeded data) + the built site on its production server, on
 * free loopback ports, from the e2e suite's stack parts. Everything stops by its own process id.
 */
export async function startBenchStack(): Promise<BenchStack> {
  const stops: (() => Promise<void>)[] = []
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error))
  }
  try {
    let emulator: RunningAuthEmulator | undefined
    for (let attempt = 1; !emulator; attempt++) {
      try {
        emulator = await startAuthEmulator()
      } catch (error) {
        if (attempt >= 3) throw error
      }
    }
    stops.push(emulator.stop)
    const [apiPort, sitePort] = [await freePort(), await freePort()]
    const [data, distDir] = await Promise.all([seededData(), buildBenchSite(emulator.host)])
    const work = mkdtempSync(join(tmpdir(), 'comics-bench-'))
    stops.push(async () => rmSync(work, { recursive: true, force: true }))
    cpSync(data, join(work, 'data'), { recursive: true })
    const api = await launchApi({
      workspaceRoot: benchPaths.workspaceRoot,
      dataDir: join(work, 'data'),
      port: apiPort,
      sitePort,
      emulatorHost: emulator.host,
      log: join(work, 'api.log'),
      env: { SEED_ON_FIRST_START: '0' },
    })
    stops.push(() => api.stop())
    const apiUrl = `http://127.0.0.1:${apiPort}`
    // Built as a value, not a literal: the e2e helper's options grow now and then.
    const siteOptions = { siteRoot: benchPaths.siteRoot, outDir: distDir, port: sitePort, apiUrl, emulatorHost: emulator.host }
    const site = await startSite(siteOptions)
    stops.push(() => site.stop())
    // The page figures walk React Router's manifest of this build (and fail here rather than later).
    readRouterManifest(distDir)
    return { siteOrigin: `http://localhost:${sitePort}`, sitePort, apiUrl, emulatorHost: emulator.host, distDir, stop: stopAll }
  } catch (error) {
    await stopAll()
    throw error
  }
}
