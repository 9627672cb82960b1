import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startProcessGroup, waitUntilReady, type ProcessGroup } from './processGroup'
import { requestWithHost } from './requestWithHost'
import { cachedSeed, copySeed, newSeedFolder, seedFingerprint } from './seededApiData'

export interface RunningApi {
  url: string
  /** The file the API reads its clock offset from (milliseconds; the test stack's alone, see the API's clock.ts). */
  clockOffsetFile: string
  group: ProcessGroup
  stop(): Promise<void>
}

interface ApiOptions {
  workspaceRoot: string
  port: number
  sitePort: number
  emulatorHost: string
}

/**
 * `pnpm --filter api start` on a data folder, with the site's hosts on `sitePort`; resolves once it answers.
 * `env` adds to (or overrides) the server's environment.
 */
export async function launchApi(options: ApiOptions & { dataDir: string; log: string; env?: Record<string, string> }): Promise<ProcessGroup> {
  const { port, sitePort } = options
  const url = `http://127.0.0.1:${port}`
  const origins = [`http://adult.localhost:${sitePort}`, `http://localhost:${sitePort}`, `http://127.0.0.1:${sitePort}`]
  const group = startProcessGroup('pnpm', ['--filter', 'api', 'start'], {
    cwd: options.workspaceRoot,
    log: options.log,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      ADULT_HOST: `adult.localhost:${sitePort}`,
      MIRROR_HOSTS: `localhost:${sitePort},127.0.0.1:${sitePort}`,
      ALLOWED_ORIGINS: origins.join(','),
      PUBLIC_URL: url,
      FIREBASE_AUTH_EMULATOR_HOST: options.emulatorHost,
      // The journeys pay several times within a minute.
      PAYMENT_RATE_LIMIT: '1000',
      // The journeys read (lists, page images) from one browser as fast as it goes, in parallel.
      READ_RATE_LIMIT: '1000000',
      CATALOGUE_MISSES_PER_CLIENT: '1000',
      // The journeys need a few comics of each kind, not the first start's thousands of episodes.
      SEED_EPISODES: '60',
      // A comic with episodes long enough to read to page 20 of episode 2 (the synced-progress journey).
      SEED_LONG_COMIC: '3x24',
      // The sandbox's delayed test card settles after this long: long enough to see 'Payment processing…'.
      SANDBOX_DELAY_MS: '3000',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  })
  const answers = async () => {
    try {
      const response = await requestWithHost(`${url}/api/v1/subscriptions/betatransfer/payment-systems`, { host: `127.0.0.1:${port}` })
      return response.status === 200
    } catch {
      return false
    }
  }
  try {
    await waitUntilReady('The API', group, answers, 240_000)
  } catch (error) {
    await group.stop()
    throw error
  }
  return group
}

/**
 * The reference API on PGlite, on its own port, with the site's hosts on `sitePort` (host modes, allowed
 * origins). A fresh database takes a minute or two to migrate and seed with its page images, so the
 * seeded folder is kept under `cacheRoot` (keyed by the migrations, schema and seed) and each run works
 * on a copy of it in a temporary folder.
 */
export async function startApi(options: ApiOptions & { cacheRoot: string }): Promise<RunningApi> {
  const folder = mkdtempSync(join(tmpdir(), 'site-e2e-api-'))
  try {
    const fingerprint = seedFingerprint(join(options.workspaceRoot, 'examples/api'))
    let seed = cachedSeed(options.cacheRoot, fingerprint)
    if (!seed) {
      const fresh = newSeedFolder(options.cacheRoot, fingerprint)
      const seeding = await launchApi({ ...options, dataDir: fresh.data, log: join(folder, 'seed.log') })
      await seeding.stop()
      fresh.markReady()
      seed = fresh.data
    }
    copySeed(seed, join(folder, 'data'))
    // The journeys move the API's time (scheduled releases) by writing this file.
    const clockOffsetFile = join(folder, 'clock-offset')
    writeFileSync(clockOffsetFile, '0')
    const group = await launchApi({
      ...options,
      dataDir: join(folder, 'data'),
      log: join(folder, 'api.log'),
      env: { TEST_CLOCK_OFFSET_FILE: clockOffsetFile },
    })
    return {
      url: `http://127.0.0.1:${options.port}`,
      clockOffsetFile,
      group,
      async stop() {
        await group.stop()
        rmSync(folder, { recursive: true, force: true })
      },
    }
  } catch (error) {
    rmSync(folder, { recursive: true, force: true })
    throw error
  }
}
