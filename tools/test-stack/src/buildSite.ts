import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { buildKitPackages } from './kitBuild'
import { startProcessGroup } from './processGroup'
import { BUILD_DIR_VARIABLE, REACT_ROUTER_CLI, serverFile } from './siteBuild'

/** The build's settings that the tests choose (built into the page and the site's server alike). */
export interface SiteBuildEnv {
  /** A measurement id: gtag.js is then loaded on Accept, from Google's hosts, which the tests route. */
  VITE_GA_ID: string
  /** The token sync's stand-in endpoint (tokenSyncRecorder.ts). */
  VITE_TOKEN_SYNC_URL: string
}

/**
 * `react-router build` of the site for the tests (as `pnpm --filter site build` makes it): the Auth
 * emulator's URL built in, and analytics events printed to the console so that a test can see what the
 * consent gate lets through, with a Google Analytics id and a token sync URL (`env`). With
 * SITE_E2E_REUSE_BUILD=1 an existing build is used as it is (for iterating on the tests alone). The kit's
 * packages are built first when their dist/ is missing or older than their sources (kitBuild.ts).
 */
export async function buildSite(options: { siteRoot: string; outDir: string; emulatorHost: string; env: SiteBuildEnv }): Promise<void> {
  const server = serverFile(options.outDir)
  if (process.env.SITE_E2E_REUSE_BUILD === '1' && existsSync(server)) return
  await buildKitPackages({ workspaceRoot: join(options.siteRoot, '../..'), log: `${options.outDir}.packages-build.log` })
  const group = startProcessGroup(process.execPath, [join(options.siteRoot, REACT_ROUTER_CLI), 'build'], {
    cwd: options.siteRoot,
    log: `${options.outDir}.build.log`,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      [BUILD_DIR_VARIABLE]: options.outDir,
      VITE_AUTH_EMULATOR_URL: `http://${options.emulatorHost}`,
      VITE_ANALYTICS_CONSOLE: '1',
      ...options.env,
    },
  })
  const timeout = setTimeout(() => void group.stop(), 300_000)
  const code = await group.exit
  clearTimeout(timeout)
  if (code !== 0 || !existsSync(server)) throw new Error(`The site build failed:\n${group.output()}`)
}
