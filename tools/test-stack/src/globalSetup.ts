import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { startAuthEmulator } from '@comics/auth-emulator'
import { buildSite, type SiteBuildEnv } from './buildSite'
import { catalogueFacts } from './catalogueFacts'
import { freePort } from './freePort'
import { startApi } from './startApi'
import { startServerApiFaults } from './serverApiFaults'
import { startSite } from './startSite'
import type { E2eStack } from './stackContext'
import { startTokenSyncRecorder } from './tokenSyncRecorder'

/** The measurement id the site is built with: gtag.js and its hits go to Google's hosts, which the tests route. */
export const E2E_GA_ID = 'G-E2ETEST01'

const workspaceRoot = fileURLToPath(new URL('../../..', import.meta.url))
/** The site this stack builds and serves (with a trailing slash); its test-results/ hold the build and the seed. */
export const siteRoot = `${workspaceRoot}examples/site/`

/**
 * On a machine busy with other runs a cold emulator can miss the harness's 60 s limit; the harness then
 * stops its attempt, so trying again is safe.
 */
async function startAuthEmulatorWithRetry(attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAuthEmulator()
    } catch (error) {
      if (attempt >= attempts) throw error
      console.warn(`[site-e2e] ${(error as Error).message.split('\n')[0]} (attempt ${attempt} of ${attempts}); trying again`)
    }
  }
}

/**
 * Starts the whole stack once per run: the Auth emulator (shared with other runs on its port,
 * AUTH_EMULATOR_PORT or 9099), the API on a copy of a seeded PGlite folder, a stand-in token sync
 * endpoint, the site built and served by its production server on free ports (its calls to the API through
 * a switch that can fail them, serverApiFaults.ts). Each part stops by its own id.
 */
export default async function setup(project: TestProject) {
  const started = Date.now()
  const stops: (() => Promise<void>)[] = []
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error))
  }
  try {
    const emulator = await startAuthEmulatorWithRetry()
    stops.push(emulator.stop)
    const [apiPort, sitePort] = [await freePort(), await freePort()]
    const outDir = `${siteRoot}test-results/e2e-dist`
    mkdirSync(`${siteRoot}test-results`, { recursive: true })
    // The token sync URL is built in: a reused build (SITE_E2E_REUSE_BUILD=1) gets its recorder on the same port.
    const syncPortFile = `${outDir}.token-sync-port`
    const reusedSyncPort = process.env.SITE_E2E_REUSE_BUILD === '1' && existsSync(syncPortFile) ? Number(readFileSync(syncPortFile, 'utf8')) : 0
    const tokenSync = await startTokenSyncRecorder(reusedSyncPort || (await freePort()))
    stops.push(tokenSync.stop)
    writeFileSync(syncPortFile, new URL(tokenSync.url).port)
    const siteEnv: SiteBuildEnv = { VITE_GA_ID: E2E_GA_ID, VITE_TOKEN_SYNC_URL: tokenSync.url }
    // The build and the API's first start (migration and seed) take the longest; run them side by side.
    const [api] = await Promise.all([
      startApi({ workspaceRoot, port: apiPort, sitePort, emulatorHost: emulator.host, cacheRoot: `${siteRoot}test-results` }),
      buildSite({ siteRoot, outDir, emulatorHost: emulator.host, env: siteEnv }),
    ])
    stops.push(api.stop)
    // The site's server reaches the API through a switch that can make its own calls fail (serverApiFaults.ts).
    const faultsFolder = mkdtempSync(join(tmpdir(), 'site-e2e-faults-'))
    stops.push(async () => rmSync(faultsFolder, { recursive: true, force: true }))
    const serverApi = await startServerApiFaults({ target: api.url, port: await freePort(), switchFile: join(faultsFolder, 'server-api') })
    stops.push(serverApi.stop)
    const site = await startSite({ siteRoot, outDir, port: sitePort, apiUrl: serverApi.url })
    stops.push(site.stop)

    const stack: E2eStack = {
      adultOrigin: `http://adult.localhost:${sitePort}`,
      mirrorOrigin: `http://localhost:${sitePort}`,
      sitePort,
      siteDistDir: outDir,
      apiUrl: api.url,
      apiClockOffsetFile: api.clockOffsetFile,
      serverApiFaultFile: serverApi.switchFile,
      emulatorHost: emulator.host,
      gaId: E2E_GA_ID,
      tokenSyncCallsUrl: tokenSync.callsUrl,
      catalogue: await catalogueFacts(api.url, sitePort),
    }
    project.provide('stack', stack)
    console.log(`[site-e2e] stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s: site ${stack.mirrorOrigin}, api ${api.url}`)
  } catch (error) {
    await stopAll()
    throw error
  }
  return stopAll
}
