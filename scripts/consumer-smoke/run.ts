// The release flow as a partner meets it, end to end, in temporary folders (the checkout is never
// changed): a changeset and `changeset version` move the @comics packages together and write their
// changelogs, `pnpm pack` packs each publishable package, and a fresh Vite + React app installs the
// tarballs, type-checks against their declarations, builds, and renders the Reader in Chromium
// against @comics/mocks. Each step prints its time. Run: pnpm exec tsx scripts/consumer-smoke/run.ts
// (CONSUMER_SMOKE_KEEP=1 keeps the temporary folders for a look).
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runCommand } from './commands'
import {
  buildConsumerApp,
  initMockServiceWorker,
  installConsumerApp,
  typecheckConsumerApp,
  writeConsumerApp,
} from './consumerApp'
import { checkReaderInChromium, type ExpectedEpisode } from './readerInChromium'
import { copyWorkspace, listWorkspacePackages, packPackages, staleBuilds, versionWithChangesets } from './releaseWorkspace'

const root = fileURLToPath(new URL('../..', import.meta.url))
/** The episode the app renders (src/main.tsx): Silent Blade, episode 4, in the normal host's variant. */
const EPISODE = { comicId: '4', chapterId: '404', variant: 'legal' }

const timings: { name: string; seconds: number }[] = []

async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now()
  console.log(`▶ ${name}`)
  const result = await run()
  const seconds = (Date.now() - started) / 1000
  timings.push({ name, seconds })
  console.log(`  ✓ ${name} (${seconds.toFixed(1)} s)`)
  return result
}

/** The expected pages, from the packed @comics/mocks as installed in the app (its CommonJS entry, in Node). */
function expectedEpisode(appDir: string): ExpectedEpisode {
  const mocks = createRequire(join(appDir, 'package.json'))('@comics/mocks') as typeof import('@comics/mocks')
  const comic = mocks.MOCK_COMICS.find((candidate) => candidate.id === EPISODE.comicId)
  if (!comic) throw new Error(`@comics/mocks has no comic ${EPISODE.comicId}`)
  const pages = mocks.MOCK_ASSETS.filter((asset) => asset.chapterId === EPISODE.chapterId && asset.variant === EPISODE.variant)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((asset) => ({ url: asset.url, width: asset.width ?? 0 }))
  if (pages.length === 0) throw new Error(`@comics/mocks has no ${EPISODE.variant} pages for chapter ${EPISODE.chapterId}`)
  return { comicTitle: comic.title, pages }
}

async function main(): Promise<void> {
  const started = Date.now()
  const releaseDir = await mkdtemp(join(tmpdir(), 'comics-release-'))
  const tarballDir = await mkdtemp(join(tmpdir(), 'comics-tarballs-'))
  const appDir = await mkdtemp(join(tmpdir(), 'comics-consumer-'))
  try {
    const packages = await step('list workspace packages (pnpm ls -r)', () => listWorkspacePackages(root))
    const publishable = packages.filter((pkg) => !pkg.private)
    console.log(`  publishable: ${publishable.map((pkg) => `${pkg.name}@${pkg.version}`).join(', ')}`)

    await step('build packages whose dist is stale', async () => {
      const stale = await staleBuilds(publishable)
      if (stale.length === 0) return console.log('  every dist is up to date')
      console.log(`  building ${stale.map((pkg) => pkg.name).join(', ')}`)
      await runCommand('pnpm', ['-r', ...stale.flatMap((pkg) => ['--filter', pkg.name]), 'build'], { cwd: root, timeoutMs: 300_000 })
    })

    await step('copy the workspace manifests and dist to a temporary folder', () => copyWorkspace(root, packages, releaseDir))
    const version = await step('changeset version (fixed group, changelogs)', () => versionWithChangesets(root, releaseDir, packages))
    console.log(`  ${publishable.map((pkg) => pkg.name).join(', ')}: ${publishable[0]?.version} → ${version}`)
    const tarballs = await step('pnpm pack', () => packPackages(root, releaseDir, packages, version, tarballDir))

    await step('write a fresh Vite + React app', () => writeConsumerApp(root, appDir, tarballs))
    await step('pnpm install (tarballs, registry)', () => installConsumerApp(appDir, version, tarballs))
    await step('msw init public', () => initMockServiceWorker(appDir))
    await step('tsc --noEmit against the packed types', () => typecheckConsumerApp(appDir))
    await step('vite build', () => buildConsumerApp(appDir))
    const expected = expectedEpisode(appDir)
    await step(`vite preview + Chromium: the Reader shows ${expected.pages.length} pages`, () => checkReaderInChromium(appDir, expected))
  } finally {
    const folders = [releaseDir, tarballDir, appDir]
    if (process.env['CONSUMER_SMOKE_KEEP']) console.log(`kept: ${folders.join(' ')}`)
    else await step('remove the temporary folders', () => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))))
  }
  console.log(`consumer smoke test passed: ${timings.length} steps in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

main().catch((error: unknown) => {
  console.error(`consumer smoke test failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
})
