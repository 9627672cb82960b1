import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { startProcessGroup } from './processGroup'

/**
 * `vite build` of the site for the tests: the Auth emulator's URL built in, and analytics events printed
 * to the console so that a test can see what the consent gate lets through. With SITE_E2E_REUSE_BUILD=1
 * an existing build is used as it is (for iterating on the tests alone).
 */
export async function buildSite(options: { siteRoot: string; outDir: string; emulatorHost: string }): Promise<void> {
  if (process.env.SITE_E2E_REUSE_BUILD === '1' && existsSync(join(options.outDir, 'index.html'))) return
  const group = startProcessGroup(process.execPath, [join(options.siteRoot, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', options.outDir, '--emptyOutDir'], {
    cwd: options.siteRoot,
    log: `${options.outDir}.build.log`,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      VITE_AUTH_EMULATOR_URL: `http://${options.emulatorHost}`,
      VITE_ANALYTICS_CONSOLE: '1',
    },
  })
  const timeout = setTimeout(() => void group.stop(), 300_000)
  const code = await group.exit
  clearTimeout(timeout)
  if (code !== 0 || !existsSync(join(options.outDir, 'index.html'))) throw new Error(`The site build failed:\n${group.output()}`)
}
