import { serverFile } from './siteBuild'
import { startProcessGroup, waitUntilReady, type ProcessGroup } from './processGroup'
import { requestWithHost } from './requestWithHost'

/**
 * The built site on its production server (`node dist/server/index.js`, src/server/main.ts) on `port`,
 * with /api/v1 proxied to the API (Host kept). Its security policy follows the build's settings (the
 * Auth emulator, Google Analytics, the token sync endpoint), built into the server with the page.
 * Ready once /readyz answers and a document is served.
 */
export async function startSite(options: {
  siteRoot: string
  outDir: string
  port: number
  apiUrl: string
  emulatorHost?: string
  /** More settings for the server (SITE_*), e.g. its grace period. */
  env?: Record<string, string>
  /** Where its output goes; `${outDir}.server.log` by default. */
  log?: string
}): Promise<ProcessGroup> {
  const group = startProcessGroup(process.execPath, [serverFile(options.outDir)], {
    cwd: options.siteRoot,
    log: options.log ?? `${options.outDir}.server.log`,
    env: {
      ...process.env,
      SITE_PORT: String(options.port),
      SITE_HOST: '127.0.0.1',
      SITE_API_TARGET: options.apiUrl,
      ...options.env,
    },
  })
  const answers = async () => {
    try {
      const origin = `http://127.0.0.1:${options.port}`
      return (
        (await requestWithHost(`${origin}/readyz`, { host: `localhost:${options.port}` })).status === 200 &&
        (await requestWithHost(`${origin}/`, { host: `localhost:${options.port}` })).status === 200
      )
    } catch {
      return false
    }
  }
  try {
    await waitUntilReady("The site's server", group, answers, 60_000)
  } catch (error) {
    await group.stop()
    throw error
  }
  return group
}
