import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { runApiBench, type ApiRun } from './apiBench'
import { FRAME_BUDGET_MS, measureAutoScroll, median, ON_TIME_FRAME_MS, type AutoScrollFigures } from './autoscrollRun'
import { commentsCostMedians, measureCommentsCost, type CommentsCost } from './commentsCost'
import { CPU_SLOWDOWN, launchChromium, launchChromiumThrough, SLOW_4G } from './browser'
import { createSubscriber, findLongComic } from './catalogue'
import { runLighthouse, type LighthouseFigures } from './lighthouseRun'
import { describeMachine } from './machine'
import { measurePackageSizes, type PackageSize } from './packageSizes'
import { combinePageLoads, measureAuthLoad, measurePageLoad, measureWorkerVisits, workerVisitMedians, type AuthLoadFigures, type PageLoadFigures, type SitePage, type WorkerVisitFigures } from './pageLoads'
import { comparableMeasures, compareMeasures, formatComparison, runBaselineBench, type BaselineRun } from './baseline'
import { benchPaths } from './paths'
import { CRITICAL_ROUND_TRIPS, measureReader, type ReaderFigures } from './readerRun'
import { formatTable, kB, MB, ms, type Row } from './report'
import { startBenchStack } from './stack'
import { startThrottlingProxy } from './throttlingProxy'

// pnpm bench [--only sizes,pages,comments,worker,reader,autoscroll,lighthouse,api] [--runs 3] [--lighthouse-runs 3] [--api-duration 3] [--baseline <git-ref>]
// Builds what it measures (packages, the site), starts its own stack on free loopback ports, prints one
// table and writes every figure to bench-results/latest.json.
// With --baseline, the ref's own bench runs first with the same parts, in a worktree of the ref
// (bench-results/.cache/baseline-<sha>), then this tree's; a second table sets each measure of the two
// side by side, and the JSON holds both.
const ALL_PARTS = 'sizes,pages,comments,worker,reader,autoscroll,lighthouse,api'
const { values } = parseArgs({
  options: {
    only: { type: 'string', default: ALL_PARTS },
    runs: { type: 'string', default: '3' },
    'lighthouse-runs': { type: 'string', default: '3' },
    'api-duration': { type: 'string', default: '3' },
    baseline: { type: 'string' },
  },
})
const parts = new Set(values.only.split(',').map((part) => part.trim()))
const readerRuns = Number(values.runs)
const lighthouseRuns = Number(values['lighthouse-runs'])

const TARGETS = {
  homeInitialJsGzip: 110_000,
  lcpMs: 1800,
  cls: 0.005,
  nextWithPrefetchMs: 150,
  nextSpeedup: 5,
  heapGrowthBytes: 20_000_000,
  lighthouse: 95,
  duplicates: 0,
  repeatVisitLcpMs: 800,
}

/** A page on which no largest contentful paint was recorded (it showed nothing) fails the LCP target. */
const lcpPasses = (lcpMs: number) => lcpMs > 0 && lcpMs <= TARGETS.lcpMs
const lcpValue = (lcpMs: number, element: string) => (lcpMs > 0 ? `${ms(lcpMs)} (${element || '?'})` : 'none recorded')

/** The libraries the kit and the site are built on, which stay (issue 8): they bound the home page's JS from below. */
const KIT_LIBRARIES = ['react', 'react-dom', 'scheduler', 'react-router', '@tanstack/query-core', '@tanstack/react-query', 'axios', 'zod', 'embla-carousel', 'embla-carousel-react', 'embla-carousel-reactive-utils']

interface Figures {
  packageSizes?: PackageSize[]
  pages?: PageLoadFigures[]
  auth?: AuthLoadFigures
  reader?: ReaderFigures
  lighthouse?: LighthouseFigures[]
  api?: ApiRun[]
  worker?: { page: string; figures: WorkerVisitFigures }[]
  comments?: CommentsCost[]
  autoscroll?: AutoScrollFigures
}

const log = (line: string) => console.log(`[bench] ${line}`)
const started = Date.now()
const machine = describeMachine()
const figures: Figures = {}
const errors: string[] = []

async function part(name: string, work: () => Promise<void>) {
  if (!parts.has(name)) return
  const at = Date.now()
  log(`${name}...`)
  try {
    await work()
    log(`${name} done in ${((Date.now() - at) / 1000).toFixed(0)} s`)
  } catch (error) {
    errors.push(`${name}: ${(error as Error).stack ?? String(error)}`)
    log(`${name} FAILED: ${(error as Error).message.split('\n')[0]}`)
  }
}

let baseline: BaselineRun | undefined
if (values.baseline) {
  log(`the baseline first: ${values.baseline}'s own bench, --only ${values.only}`)
  try {
    baseline = await runBaselineBench(values.baseline, { only: values.only, runs: values.runs, lighthouseRuns: values['lighthouse-runs'], apiDuration: values['api-duration'] }, log)
    const failed = baseline.result.errors?.length ?? 0
    log(`baseline done in ${baseline.result.durationSeconds ?? '?'} s${failed ? `, ${failed} part(s) failed there (see ${baseline.log.slice(benchPaths.workspaceRoot.length)})` : ''}`)
  } catch (error) {
    errors.push(`baseline ${values.baseline}: ${(error as Error).stack ?? String(error)}`)
    log(`baseline FAILED: ${(error as Error).message.split('\n')[0]}`)
  }
}

await part('sizes', async () => {
  figures.packageSizes = measurePackageSizes()
})

if (['pages', 'comments', 'worker', 'reader', 'autoscroll', 'lighthouse'].some((name) => parts.has(name))) {
  log('starting the stack (Auth emulator, api with the long comic, site build and its production server)')
  const stack = await startBenchStack()
  try {
    const subscriber = await createSubscriber(stack)
    const comic = await findLongComic(stack, subscriber.idToken)
    const pages: (SitePage & { name: 'home' | 'comic' | 'reader' })[] = [
      { name: 'home', path: '/', routeId: 'routes/home' },
      { name: 'comic', path: `/comic/${comic.id}`, routeId: 'routes/comic' },
      { name: 'reader', path: `/comic/${comic.id}/${comic.chapterIds[0]}`, routeId: 'routes/reader' },
    ]
    const browser = await launchChromium()
    try {
      await part('pages', async () => {
        figures.pages = []
        // Each page as many times as the reader (first visits vary between runs).
        for (const page of pages) {
          const loads: PageLoadFigures[] = []
          for (let run = 0; run < readerRuns; run++) loads.push(await measurePageLoad(browser, { origin: stack.siteOrigin, distDir: stack.distDir, page }))
          figures.pages.push(combinePageLoads(loads))
        }
        figures.auth = await measureAuthLoad(browser, { origin: stack.siteOrigin, distDir: stack.distDir })
      })
      await part('comments', async () => {
        figures.comments = await measureCommentsCost(browser, { origin: stack.siteOrigin, distDir: stack.distDir, pages, runs: Math.max(readerRuns, 5) })
      })
      await part('worker', async () => {
        figures.worker = []
        // The slow 4G link as a proxy in front of the site, for the worker's own fetches as much as the page's.
        const link = await startThrottlingProxy({ targetPort: stack.sitePort, profile: SLOW_4G })
        try {
          const throughLink = await launchChromiumThrough({ host: new URL(stack.siteOrigin).hostname, port: stack.sitePort, throughPort: link.port })
          try {
            for (const page of pages.filter((candidate) => candidate.name !== 'comic')) {
              const visits = await measureWorkerVisits(throughLink, { origin: stack.siteOrigin, page, runs: readerRuns, link, roundTripMs: SLOW_4G.latencyMs })
              figures.worker.push({ page: page.name, figures: visits })
              log(
                `worker, ${page.name}: repeat visits' documents through the worker, first byte at ${visits.repeatDocumentMs.map((value) => Math.round(value)).join(', ')} ms ` +
                  `(round trip ${SLOW_4G.latencyMs} ms), ${visits.repeatBytesDown.map((bytes) => kB(bytes)).join(', ')} down the link; load ${describeMachine().loadAverage.join(' ')}`,
              )
            }
          } finally {
            await throughLink.close()
          }
        } finally {
          await link.stop()
        }
      })
      await part('reader', async () => {
        figures.reader = await measureReader(browser, { origin: stack.siteOrigin, comic, subscriber, runs: readerRuns })
      })
      await part('autoscroll', async () => {
        figures.autoscroll = await measureAutoScroll(browser, { origin: stack.siteOrigin, comic, runs: readerRuns })
      })
    } finally {
      await browser.close()
    }
    await part('lighthouse', async () => {
      figures.lighthouse = []
      for (const page of pages) figures.lighthouse.push(await runLighthouse(stack.siteOrigin, page, lighthouseRuns))
    })
  } finally {
    await stack.stop()
  }
}

// Last, alone on the machine: autocannon wants both cores.
await part('api', async () => {
  figures.api = (await runApiBench(['--only', 'pglite', '--duration', values['api-duration'], '--rounds', '3'])).runs
})

const rows: Row[] = []
for (const size of figures.packageSizes ?? []) {
  rows.push({ area: 'package (size-limit)', measure: size.name, value: kB(size.gzipBytes), target: `≤ ${kB(size.limitBytes)}`, pass: size.passed })
}
for (const page of figures.pages ?? []) {
  const home = page.name === 'home'
  rows.push({
    area: `site: ${page.name}`,
    measure: 'initial JS, gzip (requested in Chromium)',
    value: `${kB(page.initialJsGzip)} (document's preloads by React Router's manifest ${kB(page.manifestJsGzip)})`,
    target: home ? `≤ ${kB(TARGETS.homeInitialJsGzip)} incl. React` : '',
    pass: home ? page.initialJsGzip <= TARGETS.homeInitialJsGzip : null,
  })
  rows.push({ area: `site: ${page.name}`, measure: 'initial CSS, gzip', value: kB(page.initialCssGzip), target: '', pass: null })
  rows.push({ area: `site: ${page.name}`, measure: 'Firebase JS before any auth action', value: kB(page.firebaseJsGzip), target: '0 kB', pass: page.firebaseJsGzip === 0 })
  const visits = page.runs?.lcpMs.length ?? 1
  rows.push({
    area: `site: ${page.name}`,
    measure: `LCP, first visit (slow 4G, 4x CPU${visits > 1 ? `, median of ${visits}` : ''})`,
    value: `${lcpValue(page.lcpMs, page.lcpElement)}${visits > 1 ? `; runs ${page.runs!.lcpMs.map((value) => Math.round(value)).join(', ')}` : ''}`,
    target: `≤ ${ms(TARGETS.lcpMs)}`,
    pass: lcpPasses(page.lcpMs),
  })
  rows.push({
    area: `site: ${page.name}`,
    measure: visits > 1 ? 'CLS, first visit (worst run)' : 'CLS, first visit',
    value: page.cls.toFixed(4),
    target: page.name === 'comic' ? '' : '0.00',
    pass: page.name === 'comic' ? null : page.cls < TARGETS.cls,
  })
  rows.push({
    area: `site: ${page.name}`,
    measure: 'requests / duplicates, first visit',
    value: `${page.requests} / ${page.duplicates.length}`,
    target: '0 duplicates',
    pass: page.duplicates.length === TARGETS.duplicates,
  })
  if (home && page.initialJsGzip > TARGETS.homeInitialJsGzip) {
    const top = Object.entries(page.jsByDependency).slice(0, 10)
    rows.push({ area: 'site: home', measure: 'initial JS by dependency', value: top.map(([name, bytes]) => `${name} ${kB(bytes)}`).join(', '), target: '', pass: null })
    const libraries = Object.entries(page.jsByDependency).filter(([name]) => KIT_LIBRARIES.includes(name))
    const floor = libraries.reduce((sum, [, bytes]) => sum + bytes, 0)
    rows.push({
      area: 'site: home',
      measure: 'of which the libraries the kit is built on',
      value: `${kB(floor)} (${libraries.map(([name]) => name).join(', ')})`,
      target: `≤ ${kB(TARGETS.homeInitialJsGzip)} reachable only without them`,
      pass: null,
    })
  }
}
for (const { page, figures: visits } of figures.worker ?? []) {
  const medians = workerVisitMedians(visits)
  const runs = (values: number[]) => values.map((value) => Math.round(value)).join(', ')
  rows.push({
    area: `site: ${page}`,
    measure: 'LCP, first visit without / with the service worker (slow 4G link, 4x CPU, medians)',
    value: `${ms(medians.firstWithoutWorkerMs)} / ${ms(medians.firstWithWorkerMs)}; runs ${runs(visits.firstWithoutWorkerMs)} / ${runs(visits.firstWithWorkerMs)}`,
    target: 'with ≤ without + 10 %',
    pass: medians.firstWithWorkerMs <= medians.firstWithoutWorkerMs * 1.1,
  })
  rows.push({
    area: `site: ${page}`,
    measure: 'LCP, repeat visit with the service worker, started cold (slow 4G link, 4x CPU, median)',
    value: `${ms(medians.repeatWithWorkerMs)}; runs ${runs(visits.repeatWithWorkerMs)}`,
    target: `< ${ms(TARGETS.repeatVisitLcpMs)}`,
    pass: medians.repeatWithWorkerMs > 0 && medians.repeatWithWorkerMs < TARGETS.repeatVisitLcpMs,
  })
  rows.push({
    area: `site: ${page}`,
    measure: "repeat visit: the worker's document (through the link), navigation to first byte",
    value: `${ms(medians.repeatDocumentMs)}; runs ${runs(visits.repeatDocumentMs)}${visits.repeatDocumentPreloaded.every(Boolean) ? ' (navigation preload)' : visits.repeatDocumentPreloaded.some(Boolean) ? ' (some by navigation preload)' : ''}`,
    target: `≥ ${ms(SLOW_4G.latencyMs)} (one round trip)`,
    pass: visits.repeatDocumentMs.every((value) => value >= SLOW_4G.latencyMs),
  })
  rows.push({
    area: `site: ${page}`,
    measure: "first visit with the worker: its script requested through the link at / the visit's LCP",
    value: visits.registeredAtMs.map((at, index) => `${Math.round(at)} / ${Math.round(visits.firstWithWorkerMs[index]!)}`).join(', ') + ' ms',
    target: 'after the LCP',
    pass: visits.registeredAtMs.every((at, index) => at > visits.firstWithWorkerMs[index]!),
  })
  rows.push({
    area: `site: ${page}`,
    measure: 'bytes down the link, first visit without / with the worker (its install included)',
    value: `${visits.firstWithoutWorkerBytesDown.map(kB).join(', ')} / ${visits.firstWithWorkerBytesDown.map(kB).join(', ')}`,
    target: '',
    pass: null,
  })
  rows.push({
    area: `site: ${page}`,
    measure: 'origins fetched other than the site (not throttled)',
    value: visits.otherOrigins.join(', ') || 'none',
    target: 'none',
    pass: visits.otherOrigins.length === 0,
  })
}
for (const cost of figures.comments ?? []) {
  const medians = commentsCostMedians(cost)
  const runs = (values: number[]) => values.map((value) => Math.round(value)).join(', ')
  rows.push({
    area: `site: ${cost.page}`,
    measure: `LCP with / without likes and comments, first visits in turn (slow 4G, 4x CPU, medians of ${cost.withMs.length})`,
    value: `${ms(medians.withMs)} / ${ms(medians.withoutMs)} (×${(medians.withMs / medians.withoutMs).toFixed(2)}); runs ${runs(cost.withMs)} / ${runs(cost.withoutMs)}; comment requests ${cost.commentRequests.join(', ')}`,
    target: 'with ≤ without + 10 %',
    pass: medians.withMs > 0 && medians.withMs <= medians.withoutMs * 1.1,
  })
}
if (figures.auth) {
  rows.push({
    area: 'site: home',
    measure: 'Firebase JS once the sign-in modal opens',
    value: `${kB(figures.auth.firebaseBeforeGzip)} → ${kB(figures.auth.firebaseAfterSignInOpenGzip)}`,
    target: 'loaded on demand',
    pass: figures.auth.firebaseBeforeGzip === 0 && figures.auth.firebaseAfterSignInOpenGzip > 0,
  })
}
const reader = figures.reader
if (reader) {
  const area = `reader (${reader.pagesInEpisode}-page episode)`
  rows.push({ area, measure: `LCP, slow 4G + 4x CPU (median of ${reader.runs.lcpMs.length})`, value: lcpValue(reader.lcpMs, reader.lcpElement), target: `≤ ${ms(TARGETS.lcpMs)}`, pass: lcpPasses(reader.lcpMs) })
  rows.push({
    area,
    measure: `network floor for the first page (critical bytes, ${CRITICAL_ROUND_TRIPS} round trips)`,
    value: `${ms(reader.networkFloorMs)} (${kB(reader.criticalBytes)} at ${SLOW_4G.downloadBitsPerSecond / 1e6} Mbit/s)`,
    target: '',
    pass: null,
  })
  rows.push({ area, measure: 'CLS (worst run)', value: reader.cls.toFixed(4), target: '0.00', pass: reader.cls < TARGETS.cls })
  rows.push({ area, measure: 'first page image painted', value: ms(reader.firstPagePaintMs), target: '', pass: null })
  rows.push({ area, measure: 'Next → first page painted, with prefetch', value: ms(reader.nextWithPrefetchMs), target: `≤ ${ms(TARGETS.nextWithPrefetchMs)}`, pass: reader.nextWithPrefetchMs <= TARGETS.nextWithPrefetchMs })
  rows.push({ area, measure: 'Next → first page painted, without prefetch', value: ms(reader.nextWithoutPrefetchMs), target: '', pass: null })
  rows.push({ area, measure: 'prefetch speed-up (without / with)', value: `${reader.nextSpeedup.toFixed(1)}x`, target: `≥ ${TARGETS.nextSpeedup}x`, pass: reader.nextSpeedup >= TARGETS.nextSpeedup })
  rows.push({ area, measure: 'requests / duplicates, first visit', value: `${reader.coldRequests} / ${reader.coldDuplicates.length}`, target: '0 duplicates', pass: reader.coldDuplicates.length === 0 })
  const scroll = reader.scroll
  rows.push({ area, measure: `JS heap growth over ${scroll.episodes} episodes (after GC)`, value: `${MB(scroll.heapGrowthBytes)} (${MB(scroll.heapStartBytes)} → ${MB(scroll.heapEndBytes)})`, target: `≤ ${MB(TARGETS.heapGrowthBytes)}`, pass: scroll.heapGrowthBytes <= TARGETS.heapGrowthBytes })
  rows.push({ area, measure: `DOM nodes after ${scroll.episodes} episodes`, value: `${scroll.nodesEnd} (from ${scroll.nodesStart}; ${scroll.domElementsEnd} elements)`, target: '', pass: null })
  const perEpisode = scroll.requestsPerEpisode
  rows.push({
    area,
    measure: 'requests per episode / duplicates',
    value: `${Math.min(...perEpisode)}–${Math.max(...perEpisode)} / ${scroll.duplicates.length}`,
    target: '0 duplicates',
    pass: scroll.duplicates.length === 0,
  })
  const continuous = reader.continuous
  if (continuous) {
    const perEpisode = continuous.requestsPerEpisode
    rows.push({
      area,
      measure: `continuous reading: JS heap growth through ${continuous.episodes} episodes in one strip (after GC)`,
      value: `${MB(continuous.heapGrowthBytes)} (${MB(continuous.heapStartBytes)} → ${MB(continuous.heapEndBytes)})`,
      target: `≤ ${MB(TARGETS.heapGrowthBytes)}`,
      pass: continuous.heapGrowthBytes <= TARGETS.heapGrowthBytes,
    })
    rows.push({
      area,
      measure: `continuous reading: the strip after ${continuous.episodes} episodes`,
      value: `${continuous.pagesEnd} pages, ${continuous.imagesEnd} images mounted; ${continuous.nodesEnd} DOM nodes (from ${continuous.nodesStart})`,
      target: '',
      pass: null,
    })
    rows.push({
      area,
      measure: 'continuous reading: requests per episode / duplicates',
      value: `${Math.min(...perEpisode)}–${Math.max(...perEpisode)} / ${continuous.duplicates.length}`,
      target: '0 duplicates',
      pass: continuous.duplicates.length === 0,
    })
  }
}
const autoscroll = figures.autoscroll
if (autoscroll) {
  const area = `reader auto-scroll (${autoscroll.speedPxPerS} px/s, ${autoscroll.seconds} s, 4x CPU, phone)`
  const worst = (frames: typeof autoscroll.autoScroll, key: 'p95FrameMs' | 'maxFrameMs' | 'longestTaskMs') => Math.max(...frames.map((run) => run[key]))
  const describe = (frames: typeof autoscroll.autoScroll) =>
    `p95 ${frames.map((run) => run.p95FrameMs.toFixed(1)).join(' / ')} ms, median ${frames.map((run) => run.medianFrameMs.toFixed(1)).join(' / ')} ms, max ${frames.map((run) => Math.round(run.maxFrameMs)).join(' / ')} ms; ` +
    `long tasks ${frames.map((run) => run.longTasks).join(' / ')}; moved ${frames.map((run) => run.movedPx).join(' / ')} px`
  rows.push({ area, measure: `the reader's own auto-scroll: frames (runs; ${autoscroll.autoScroll.map((run) => run.frames).join(' / ')} frames)`, value: describe(autoscroll.autoScroll), target: `p95 ≤ ${FRAME_BUDGET_MS.toFixed(1)} ms (one frame, measured 16.6–16.8)`, pass: worst(autoscroll.autoScroll, 'p95FrameMs') <= ON_TIME_FRAME_MS })
  rows.push({ area, measure: "the reader's own auto-scroll: long tasks (all runs)", value: `${autoscroll.autoScroll.reduce((sum, run) => sum + run.longTasks, 0)} (longest ${Math.round(worst(autoscroll.autoScroll, 'longestTaskMs'))} ms)`, target: '0', pass: autoscroll.autoScroll.every((run) => run.longTasks === 0) })
  rows.push({ area, measure: "today's reader scrolled by the bench at the same speed: frames", value: describe(autoscroll.driven), target: '', pass: null })
  rows.push({ area, measure: 'LCP of the same cold opens, slow 4G + 4x CPU (median; runs)', value: `${lcpValue(median(autoscroll.lcpMs), autoscroll.lcpElement)}; ${autoscroll.lcpMs.map((value) => Math.round(value)).join(', ')}`, target: `≤ ${ms(TARGETS.lcpMs)}`, pass: lcpPasses(median(autoscroll.lcpMs)) })
}
for (const page of figures.lighthouse ?? []) {
  rows.push({
    area: `Lighthouse mobile: ${page.name}`,
    measure: 'performance (FCP, LCP, TBT, CLS, SI)',
    value: `${page.performance} (${ms(page.fcpMs)}, ${ms(page.lcpMs)}, ${ms(page.tbtMs)}, ${page.cls.toFixed(3)}, ${ms(page.speedIndexMs)})`,
    target: `≥ ${TARGETS.lighthouse}`,
    pass: page.performance >= TARGETS.lighthouse,
  })
  const others = [page.seo, page.accessibility, page.bestPractices]
  rows.push({
    area: `Lighthouse mobile: ${page.name}`,
    measure: 'SEO / accessibility / best practices',
    value: `${others.join(' / ')}${page.failedAudits.length ? ` (short: ${page.failedAudits.join(', ')})` : ''}`,
    target: `each ≥ ${TARGETS.lighthouse}`,
    pass: others.every((score) => score >= TARGETS.lighthouse),
  })
}
for (const run of figures.api ?? []) {
  for (const call of run.calls) {
    const ratio = call.vsBare === null ? '' : `, ${(call.vsBare * 100).toFixed(0)} % of the bare route`
    rows.push({ area: `api: ${run.database}`, measure: call.call, value: `${call.requestsPerSecond} req/s, p99 ${call.p99Ms} ms${ratio}`, target: '', pass: null })
  }
}

const comparison = baseline ? compareMeasures(comparableMeasures(baseline.result.figures), comparableMeasures(figures)) : undefined
const head = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: benchPaths.workspaceRoot, encoding: 'utf8' }).stdout.trim()
const changed = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: benchPaths.workspaceRoot, encoding: 'utf8' }).stdout.trim() !== ''
const labels = baseline ? { baseline: `${baseline.ref} (${baseline.sha.slice(0, 12)})`, current: `working tree (${head}${changed ? ' + changes' : ''})` } : undefined

const result = {
  generatedAt: new Date().toISOString(),
  durationSeconds: Math.round((Date.now() - started) / 1000),
  machine: { ...machine, loadAverageAtEnd: describeMachine().loadAverage },
  profile: { network: SLOW_4G, cpuSlowdown: CPU_SLOWDOWN, readerRuns, lighthouseRuns },
  targets: TARGETS,
  figures,
  rows,
  errors,
  ...(baseline && comparison && labels
    ? {
        comparison: { labels, measures: comparison },
        baseline: { ref: baseline.ref, sha: baseline.sha, exitCode: baseline.exitCode, ...baseline.result },
      }
    : {}),
}
// A partial run (--only) leaves the full run's figures, which docs/performance.md quotes, alone.
const partial = values.only !== ALL_PARTS
const output = partial ? `${benchPaths.cacheDir}/partial.json` : benchPaths.latestJson
writeFileSync(output, `${JSON.stringify(result, null, 2)}\n`)
console.log(`\n${formatTable(rows)}\n`)
if (comparison && labels) {
  console.log(`Side by side: ${labels.baseline} (its own bench, run first) and ${labels.current}\n`)
  console.log(`${formatComparison(comparison, labels)}\n`)
  const load = baseline?.result.machine
  if (load?.loadAverage) console.log(`baseline's run: load ${load.loadAverage.join(' ')} at start, ${load.loadAverageAtEnd?.join(' ') ?? '?'} at end`)
}
console.log(`${machine.cores} cores, ${machine.cpuModel}, ${machine.chromium}, Node ${machine.node}; load ${machine.loadAverage.join(' ')} at start`)
console.log(`figures written to ${output.slice(benchPaths.workspaceRoot.length)} in ${result.durationSeconds} s`)
if (errors.length > 0) {
  console.error(`\n${errors.length} part(s) failed:\n${errors.join('\n\n')}`)
  process.exitCode = 1
}
