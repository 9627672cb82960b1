// The release flow as a partner meets it, end to end, in temporary folders (the checkout is never
// changed): a changeset and `changeset version` move the @comics packages together and write their
// changelogs, `pnpm pack` packs each publishable package, and three partners read a locked episode in
// Chromium as a level 1 reader, on the tarballs: a fresh Vite + React app (type-checked against the
// packed declarations, built, @comics/mocks on MSW in the browser); a plain HTML page on its own
// origin with only the @comics/embed module and its <comics-reader> tag; and a Next.js App Router app
// (server components fetch through @comics/core; the Reader is a client component), type-checked,
// built with `next build` and served by `next start`. The last two call @comics/mocks' handlers over
// HTTP (servers.ts). Each step prints its time. Run: pnpm exec tsx scripts/consumer-smoke/run.ts
// (CONSUMER_SMOKE_KEEP=1 keeps the temporary folders for a look).
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runCommand } from './commands'
import {
  buildConsumerApp,
  buildNextApp,
  initMockServiceWorker,
  installConsumerApp,
  typecheckConsumerApp,
  writeConsumerApp,
  writeNextApp,
} from './consumerApp'
import { checkEmbedInChromium, checkNextAppInChromium, type NextEpisode, type ReaderSession } from './partnerConsumers'
import { checkReaderInChromium, type ExpectedEpisode } from './readerInChromium'
import { startMockApi, type MockApi } from './servers'
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

const packedMocks = (appDir: string) => createRequire(join(appDir, 'package.json'))('@comics/mocks') as typeof import('@comics/mocks')

/** The expected pages, from the packed @comics/mocks as installed in the app (its CommonJS entry, in Node). */
function expectedEpisode(appDir: string): ExpectedEpisode {
  const mocks = packedMocks(appDir)
  const comic = mocks.MOCK_COMICS.find((candidate) => candidate.id === EPISODE.comicId)
  if (!comic) throw new Error(`@comics/mocks has no comic ${EPISODE.comicId}`)
  const pages = mocks.MOCK_ASSETS.filter((asset) => asset.chapterId === EPISODE.chapterId && asset.variant === EPISODE.variant)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((asset) => ({ url: asset.url, width: asset.width ?? 0 }))
  if (pages.length === 0) throw new Error(`@comics/mocks has no ${EPISODE.variant} pages for chapter ${EPISODE.chapterId}`)
  return { comicTitle: comic.title, pages }
}

/** The episodes of the comic in reading order, and the one after the episode read. */
function comicEpisodes(appDir: string): { titles: string[]; next: NextEpisode } {
  const mocks = packedMocks(appDir)
  const chapters = mocks.MOCK_CHAPTERS.filter((chapter) => chapter.comicsId === EPISODE.comicId).sort((a, b) => a.chapterNumber - b.chapterNumber)
  const index = chapters.findIndex((chapter) => chapter.id === EPISODE.chapterId)
  const next = chapters[index + 1]
  if (!next) throw new Error(`@comics/mocks has no episode after ${EPISODE.chapterId}`)
  return { titles: chapters.map((chapter) => chapter.title), next: { chapterId: next.id, title: next.title } }
}

/** The level 1 reader of the packed mocks: the session a partner's sign-in hands to the kit. */
function level1Reader(appDir: string): ReaderSession {
  const { user, token } = packedMocks(appDir).MOCK_VIEWERS.level1
  if (!user || !token) throw new Error('The level 1 fixture viewer has no session')
  return { user, token }
}

async function main(): Promise<void> {
  const started = Date.now()
  const releaseDir = await mkdtemp(join(tmpdir(), 'comics-release-'))
  const tarballDir = await mkdtemp(join(tmpdir(), 'comics-tarballs-'))
  const appDir = await mkdtemp(join(tmpdir(), 'comics-consumer-'))
  const nextDir = await mkdtemp(join(tmpdir(), 'comics-next-consumer-'))
  let api: MockApi | undefined
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

    const mockApi = (api = await step('mock API over HTTP on 127.0.0.1 (packed @comics/mocks, msw getResponse)', () => startMockApi(appDir)))
    const reader = level1Reader(appDir)
    const episodes = comicEpisodes(appDir)
    await step('plain HTML page + <comics-reader> (packed @comics/embed) in Chromium', () =>
      checkEmbedInChromium(appDir, mockApi, reader, expected, episodes.next),
    )

    const nextTarballs = new Map([...tarballs].filter(([name]) => name === '@comics/core' || name === '@comics/react'))
    await step('write a fresh Next.js App Router app', () => writeNextApp(root, nextDir, tarballs))
    await step('pnpm install (Next.js app: tarballs, registry)', () => installConsumerApp(nextDir, version, nextTarballs))
    await step('tsc --noEmit of the Next.js app against the packed types', () => typecheckConsumerApp(nextDir))
    await step('next build', () => buildNextApp(nextDir))
    await step('next start + Chromium: server-rendered comic page, the Reader hydrated', () =>
      checkNextAppInChromium(nextDir, mockApi, reader, { ...expected, episodeTitles: episodes.titles }),
    )
  } finally {
    await api?.stop()
    const folders = [releaseDir, tarballDir, appDir, nextDir]
    if (process.env['CONSUMER_SMOKE_KEEP']) console.log(`kept: ${folders.join(' ')}`)
    else await step('remove the temporary folders', () => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))))
  }
  console.log(`consumer smoke test passed: ${timings.length} steps in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

main().catch((error: unknown) => {
  console.error(`consumer smoke test failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
})
