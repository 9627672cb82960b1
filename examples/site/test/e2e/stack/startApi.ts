import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startProcessGroup, waitUntilReady, type ProcessGroup } from './processGroup'
import { requestWithHost } from './requestWithHost'

export interface RunningApi {
  url: string
  group: ProcessGroup
  stop(): Promise<void>
}

/**
 * The reference API on PGlite in a temporary folder, on its own port, with the site's hosts on
 * `sitePort` (host modes, allowed origins). It migrates and seeds its catalogue on this first start.
 */
export async function startApi(options: { workspaceRoot: string; port: number; sitePort: number; emulatorHost: string }): Promise<RunningApi> {
  const folder = mkdtempSync(join(tmpdir(), 'site-e2e-api-'))
  const { port, sitePort } = options
  const url = `http://127.0.0.1:${port}`
  const origins = [`http://adult.localhost:${sitePort}`, `http://localhost:${sitePort}`, `http://127.0.0.1:${sitePort}`]
  const group = startProcessGroup('pnpm', ['--filter', 'api', 'start'], {
    cwd: options.workspaceRoot,
    log: join(folder, 'api.log'),
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(folder, 'data'),
      ADULT_HOST: `adult.localhost:${sitePort}`,
      MIRROR_HOSTS: `localhost:${sitePort},127.0.0.1:${sitePort}`,
      ALLOWED_ORIGINS: origins.join(','),
      PUBLIC_URL: url,
      FIREBASE_AUTH_EMULATOR_HOST: options.emulatorHost,
      // The journeys pay several times within a minute.
      PAYMENT_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
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
    await waitUntilReady('The API', group, answers, 180_000)
  } catch (error) {
    await group.stop()
    rmSync(folder, { recursive: true, force: true })
    throw error
  }
  return {
    url,
    group,
    async stop() {
      await group.stop()
      rmSync(folder, { recursive: true, force: true })
    },
  }
}
