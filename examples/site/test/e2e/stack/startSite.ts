import { join } from 'node:path'
import { startProcessGroup, waitUntilReady, type ProcessGroup } from './processGroup'
import { requestWithHost } from './requestWithHost'
import type { SiteBuildEnv } from './buildSite'

/**
 * The built site served by `vite preview` on `port`, with /api/v1 proxied to the API (Host kept) and the
 * security headers of vite.config.ts, whose Content-Security-Policy admits the Auth emulator, Google
 * Analytics and the token sync endpoint the build uses.
 */
export async function startSite(options: {
  siteRoot: string
  outDir: string
  port: number
  apiUrl: string
  emulatorHost: string
  /** What the build was given (buildSite.ts), for the policy; none for a build made without. */
  env?: SiteBuildEnv
}): Promise<ProcessGroup> {
  const group = startProcessGroup(process.execPath, [join(options.siteRoot, 'node_modules/vite/bin/vite.js'), 'preview', '--outDir', options.outDir], {
    cwd: options.siteRoot,
    log: `${options.outDir}.preview.log`,
    env: {
      ...process.env,
      SITE_PORT: String(options.port),
      SITE_API_TARGET: options.apiUrl,
      VITE_AUTH_EMULATOR_URL: `http://${options.emulatorHost}`,
      ...options.env,
    },
  })
  const answers = async () => {
    try {
      return (await requestWithHost(`http://127.0.0.1:${options.port}/`, { host: `localhost:${options.port}` })).status === 200
    } catch {
      return false
    }
  }
  try {
    await waitUntilReady('The site preview', group, answers, 60_000)
  } catch (error) {
    await group.stop()
    throw error
  }
  return group
}
