import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { startProcessGroup } from './processGroup'
import { SERVER_ENTRY, SERVER_FILE, serverDir } from './siteBuild'

/** The build's settings that the tests choose (built into the page and the site's server alike). */
export interface SiteBuildEnv {
  /** A measurement id: gtag.js is then loaded on Accept, from Google's hosts, which the tests route. */
  VITE_GA_ID: string
  /** The token sync's stand-in endpoint (tokenSyncRecorder.ts). */
  VITE_TOKEN_SYNC_URL: string
}

/**
 * `vite build` of the site for the tests, and of its server (as `pnpm --filter site build` makes them): the Auth emulator's URL built in, and analytics events printed
 * to the console so that a test can see what the consent gate lets through, with a Google Analytics id and
 * a token sync URL (`env`). With SITE_E2E_REUSE_BUILD=1
 * an existing build is used as it is (for iterating on the tests alone).
 */
export async function buildSite(options: { siteRoot: string; outDir: string; emulatorHost: string; env: SiteBuildEnv }): Promise<void> {
  const serverFile = join(serverDir(options.outDir), SERVER_FILE)
  if (process.env.SITE_E2E_REUSE_BUILD === '1' && existsSync(join(options.outDir, 'index.html')) && existsSync(serverFile)) return
  const vite = (args: string[], log: string) =>
    startProcessGroup(process.execPath, [join(options.siteRoot, 'node_modules/vite/bin/vite.js'), 'build', ...args, '--emptyOutDir'], {
      cwd: options.siteRoot,
      log,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        VITE_AUTH_EMULATOR_URL: `http://${options.emulatorHost}`,
        VITE_ANALYTICS_CONSOLE: '1',
        ...options.env,
      },
    })
  // The browser's build and the server's, at once.
  const builds = [
    { group: vite(['--outDir', options.outDir], `${options.outDir}.build.log`), output: join(options.outDir, 'index.html') },
    { group: vite(['--ssr', SERVER_ENTRY, '--outDir', serverDir(options.outDir)], `${options.outDir}.server-build.log`), output: serverFile },
  ]
  const timeout = setTimeout(() => builds.forEach(({ group }) => void group.stop()), 300_000)
  const codes = await Promise.all(builds.map(({ group }) => group.exit))
  clearTimeout(timeout)
  builds.forEach(({ group, output }, index) => {
    if (codes[index] !== 0 || !existsSync(output)) throw new Error(`The site build failed:\n${group.output()}`)
  })
}
