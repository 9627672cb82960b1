import { spawnSync } from 'node:child_process'
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { startProcessGroup } from '@comics/test-stack/processGroup'
import { benchPaths } from './paths'
import { kB, ms } from './report'

// `pnpm bench --baseline <git-ref>`: the ref's own bench, run in a worktree of the ref under
// bench-results/.cache/baseline-<sha> (its own build, stack and way of serving the site), then this tree's
// parts in the same run, and the measures of both side by side.

export interface BaselineRun {
  ref: string
  sha: string
  worktree: string
  /** The baseline bench's JSON (its figures, rows and errors), as it wrote it. */
  result: BenchJson
  exitCode: number | null
  log: string
}

/** What the bench writes (bench-results/latest.json or .cache/partial.json); older benches may lack parts. */
export interface BenchJson {
  generatedAt: string
  durationSeconds?: number
  machine?: { loadAverage?: number[]; loadAverageAtEnd?: number[] }
  figures: Record<string, unknown>
  rows?: unknown[]
  errors?: string[]
}

const git = (args: string[], cwd = benchPaths.workspaceRoot) => {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed:\n${result.stderr}`)
  return result.stdout.trim()
}

/** A detached worktree of `ref` (made once per commit and reused), its dependencies installed from the store. */
export function prepareBaselineWorktree(ref: string, log: (line: string) => void): { sha: string; worktree: string } {
  const sha = git(['rev-parse', '--verify', `${ref}^{commit}`])
  const worktree = join(benchPaths.cacheDir, `baseline-${sha.slice(0, 12)}`)
  const registered = git(['worktree', 'list', '--porcelain'])
    .split('\n')
    .some((line) => line === `worktree ${worktree}`)
  if (!registered || !existsSync(join(worktree, 'package.json'))) {
    if (registered) git(['worktree', 'prune'])
    log(`baseline: git worktree add --detach ${worktree.slice(benchPaths.workspaceRoot.length)} ${sha.slice(0, 12)} (${ref})`)
    git(['worktree', 'add', '--detach', worktree, sha])
  } else {
    const head = git(['rev-parse', 'HEAD'], worktree)
    if (head !== sha) throw new Error(`${worktree} is at ${head}, not ${sha}: remove it (git worktree remove --force) and run again`)
    const dirty = git(['status', '--porcelain', '--untracked-files=no'], worktree)
    if (dirty) throw new Error(`${worktree} has local changes:\n${dirty}`)
  }
  log('baseline: pnpm install --frozen-lockfile --offline')
  const install = spawnSync('pnpm', ['install', '--frozen-lockfile', '--offline'], { cwd: worktree, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (install.status !== 0) throw new Error(`pnpm install --frozen-lockfile --offline failed in ${worktree}:\n${install.stdout.slice(-4000)}\n${install.stderr.slice(-4000)}`)
  return { sha, worktree }
}

/**
 * This tree's seeded api data, copied to the baseline's cache when it has none: the baseline's bench takes
 * it only if its fingerprint (the api's migrations, schema and seed) is the same, and seeds anew otherwise.
 */
function shareSeed(worktree: string) {
  const ours = join(benchPaths.cacheDir, 'api-seed')
  const theirs = join(worktree, 'bench-results/.cache/api-seed')
  if (!existsSync(ours)) return
  for (const entry of readdirSync(ours)) {
    if (!entry.startsWith('api-seed-') || !existsSync(join(ours, entry, 'ready')) || existsSync(join(theirs, entry))) continue
    mkdirSync(theirs, { recursive: true })
    cpSync(join(ours, entry), join(theirs, entry), { recursive: true })
  }
}

/**
 * Runs the baseline's own `pnpm bench` with the same parts and runs in its worktree, its `[bench]` lines
 * echoed as they come, and reads the JSON it wrote. A part that failed there is reported, not fatal.
 */
export async function runBaselineBench(
  ref: string,
  args: { only: string; runs: string; lighthouseRuns: string; apiDuration: string },
  log: (line: string) => void,
): Promise<BaselineRun> {
  const { sha, worktree } = prepareBaselineWorktree(ref, log)
  shareSeed(worktree)
  const logFile = join(benchPaths.cacheDir, `baseline-${sha.slice(0, 12)}.log`)
  const outputs = [join(worktree, 'bench-results/.cache/partial.json'), join(worktree, 'bench-results/latest.json')]
  const startedAt = Date.now()
  const command = ['bench', '--only', args.only, '--runs', args.runs, '--lighthouse-runs', args.lighthouseRuns, '--api-duration', args.apiDuration]
  log(`baseline: pnpm ${command.join(' ')} (in ${worktree.slice(benchPaths.workspaceRoot.length)}, output in ${logFile.slice(benchPaths.workspaceRoot.length)})`)
  const child = startProcessGroup('pnpm', command, { cwd: worktree, env: { ...process.env }, log: logFile })
  // Stopped with this process: the child's stack runs in process groups of its own under it.
  const stopChild = () => void child.stop().finally(() => process.exit(130))
  process.once('SIGINT', stopChild)
  process.once('SIGTERM', stopChild)
  const echo = followLog(logFile, (line) => {
    if (line.startsWith('[bench]')) log(`baseline: ${line.slice('[bench] '.length)}`)
  })
  let exitCode: number | null
  try {
    exitCode = await child.exit
  } finally {
    echo.stop()
    process.off('SIGINT', stopChild)
    process.off('SIGTERM', stopChild)
  }
  const written = outputs.filter((file) => existsSync(file) && statSync(file).mtimeMs >= startedAt)
  if (written.length === 0) throw new Error(`The baseline's bench (exit ${exitCode}) wrote no figures:\n${child.output()}`)
  const result = JSON.parse(readFileSync(written[0]!, 'utf8')) as BenchJson
  return { ref, sha, worktree, result, exitCode, log: logFile }
}

/** Calls `onLine` with each line appended to `file` from now on, as it is written. */
function followLog(file: string, onLine: (line: string) => void) {
  let offset = existsSync(file) ? statSync(file).size : 0
  let partial = ''
  const read = () => {
    if (!existsSync(file)) return
    const size = statSync(file).size
    if (size <= offset) return
    const buffer = Buffer.alloc(size - offset)
    const fd = openSync(file, 'r')
    try {
      readSync(fd, buffer, 0, buffer.length, offset)
    } finally {
      closeSync(fd)
    }
    offset = size
    const lines = (partial + buffer.toString('utf8')).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) onLine(line)
  }
  const timer = setInterval(read, 1000)
  return {
    stop() {
      clearInterval(timer)
      read()
      if (partial) onLine(partial)
    },
  }
}

// ---- The comparison ------------------------------------------------------------------------------------

type Unit = 'bytes' | 'ms' | 'score' | 'cls' | 'ratio' | 'count' | 'req/s'

/** One figure both runs can have; `better` says which way is an improvement. */
export interface Measure {
  area: string
  measure: string
  unit: Unit
  better: 'lower' | 'higher'
  value: number
}

export interface ComparedMeasure {
  area: string
  measure: string
  unit: Unit
  better: 'lower' | 'higher'
  baseline: number | null
  current: number | null
  /** current − baseline, when both have it. */
  difference: number | null
}

const median = (values: readonly number[]) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * The comparable figures of a bench run's JSON. Read defensively: the baseline's bench may be older, with
 * figures this one does not have or names that differ; what is missing is left out.
 */
export function comparableMeasures(figures: Record<string, any>): Measure[] {
  const measures: Measure[] = []
  const add = (area: string, measure: string, unit: Unit, better: Measure['better'], value: unknown) => {
    if (typeof value === 'number' && Number.isFinite(value)) measures.push({ area, measure, unit, better, value })
  }
  for (const size of figures.packageSizes ?? []) add('package (size-limit)', String(size.name), 'bytes', 'lower', size.gzipBytes)
  for (const page of figures.pages ?? []) {
    const area = `site: ${page.name}`
    add(area, 'initial JS, gzip (requested in Chromium)', 'bytes', 'lower', page.initialJsGzip)
    add(area, "initial JS, gzip (the build's manifest for the page)", 'bytes', 'lower', page.manifestJsGzip)
    add(area, 'initial CSS, gzip', 'bytes', 'lower', page.initialCssGzip)
    add(area, 'LCP, first visit (median)', 'ms', 'lower', page.runs?.lcpMs ? median(page.runs.lcpMs) : page.lcpMs)
    add(area, 'CLS, first visit (median)', 'cls', 'lower', page.runs?.cls ? median(page.runs.cls) : page.cls)
    add(area, 'requests, first visit', 'count', 'lower', page.requests)
  }
  for (const { page, figures: visits } of figures.worker ?? []) {
    const area = `site: ${page}`
    add(area, 'LCP, first visit without the worker (slow 4G link, median)', 'ms', 'lower', median(visits.firstWithoutWorkerMs ?? []))
    add(area, 'LCP, first visit with the worker (slow 4G link, median)', 'ms', 'lower', median(visits.firstWithWorkerMs ?? []))
    add(area, 'LCP, repeat visit with the worker (slow 4G link, median)', 'ms', 'lower', median(visits.repeatWithWorkerMs ?? []))
  }
  for (const cost of figures.comments ?? []) {
    const area = `site: ${cost.page}`
    add(area, 'LCP with likes and comments (median)', 'ms', 'lower', median(cost.withMs ?? []))
    add(area, 'LCP without likes and comments (median)', 'ms', 'lower', median(cost.withoutMs ?? []))
  }
  const reader = figures.reader
  if (reader) {
    const area = 'reader'
    add(area, 'LCP (median)', 'ms', 'lower', reader.lcpMs)
    add(area, 'CLS (median)', 'cls', 'lower', reader.runs?.cls ? median(reader.runs.cls) : reader.cls)
    add(area, 'first page image painted', 'ms', 'lower', reader.firstPagePaintMs)
    add(area, 'Next → first page painted, with prefetch', 'ms', 'lower', reader.nextWithPrefetchMs)
    add(area, 'Next → first page painted, without prefetch', 'ms', 'lower', reader.nextWithoutPrefetchMs)
    add(area, 'prefetch speed-up (without / with)', 'ratio', 'higher', reader.nextSpeedup)
    add(area, 'JS heap growth over the episodes', 'bytes', 'lower', reader.scroll?.heapGrowthBytes)
    add(area, 'continuous reading: JS heap growth through the episodes', 'bytes', 'lower', reader.continuous?.heapGrowthBytes)
  }
  const autoscroll = figures.autoscroll
  if (autoscroll) {
    const worst = (runs: { p95FrameMs: number }[] | undefined) => (runs?.length ? Math.max(...runs.map((run) => run.p95FrameMs)) : undefined)
    const tasks = (runs: { longTasks: number }[] | undefined) => runs?.reduce((sum, run) => sum + run.longTasks, 0)
    add('reader auto-scroll', "own: p95 frame time (worst run)", 'ms', 'lower', worst(autoscroll.autoScroll))
    add('reader auto-scroll', 'own: long tasks', 'count', 'lower', tasks(autoscroll.autoScroll))
    add('reader auto-scroll', 'driven by the bench: p95 frame time (worst run)', 'ms', 'lower', worst(autoscroll.driven))
    add('reader auto-scroll', 'driven by the bench: long tasks', 'count', 'lower', tasks(autoscroll.driven))
    add('reader auto-scroll', 'reader LCP of the same cold opens (median)', 'ms', 'lower', autoscroll.lcpMs?.length ? median(autoscroll.lcpMs) : undefined)
  }
  for (const page of figures.lighthouse ?? []) {
    const area = `Lighthouse mobile: ${page.name}`
    add(area, 'performance', 'score', 'higher', page.performance)
    add(area, 'FCP', 'ms', 'lower', page.fcpMs)
    add(area, 'LCP', 'ms', 'lower', page.lcpMs)
    add(area, 'TBT', 'ms', 'lower', page.tbtMs)
    add(area, 'CLS', 'cls', 'lower', page.cls)
    add(area, 'Speed Index', 'ms', 'lower', page.speedIndexMs)
    add(area, 'SEO', 'score', 'higher', page.seo)
    add(area, 'accessibility', 'score', 'higher', page.accessibility)
    add(area, 'best practices', 'score', 'higher', page.bestPractices)
  }
  for (const run of figures.api ?? []) {
    for (const call of run.calls ?? []) {
      add(`api: ${run.database}`, `${call.call}: req/s`, 'req/s', 'higher', call.requestsPerSecond)
      add(`api: ${run.database}`, `${call.call}: p99`, 'ms', 'lower', call.p99Ms)
    }
  }
  return measures
}

/** Both runs' measures, matched by area and measure, in the current run's order (the baseline's others after). */
export function compareMeasures(baseline: readonly Measure[], current: readonly Measure[]): ComparedMeasure[] {
  const key = (measure: Measure) => `${measure.area}\u0000${measure.measure}`
  const before = new Map(baseline.map((measure) => [key(measure), measure]))
  const after = new Map(current.map((measure) => [key(measure), measure]))
  const keys = [...new Set([...after.keys(), ...before.keys()])]
  return keys.map((name) => {
    const a = before.get(name)
    const b = after.get(name)
    const shape = (b ?? a)!
    return {
      area: shape.area,
      measure: shape.measure,
      unit: shape.unit,
      better: shape.better,
      baseline: a?.value ?? null,
      current: b?.value ?? null,
      difference: a && b ? b.value - a.value : null,
    }
  })
}

const formatValue = (unit: Unit, value: number) => {
  switch (unit) {
    case 'bytes':
      return Math.abs(value) >= 1_000_000 ? `${(value / 1_000_000).toFixed(2)} MB` : kB(value)
    case 'ms':
      return ms(value)
    case 'cls':
      return value.toFixed(4)
    case 'ratio':
      return `${value.toFixed(1)}x`
    case 'req/s':
      return `${Math.round(value)} req/s`
    default:
      return String(Math.round(value * 10) / 10)
  }
}

const formatDifference = (row: ComparedMeasure) => {
  if (row.difference === null || row.baseline === null) return 'n/a'
  const sign = row.difference > 0 ? '+' : row.difference < 0 ? '−' : '±'
  const size = formatValue(row.unit, Math.abs(row.difference))
  const percent = row.baseline !== 0 ? ` (${sign}${Math.abs((row.difference / row.baseline) * 100).toFixed(1)} %)` : ''
  const tiny = row.unit === 'cls' ? Math.abs(row.difference) < 0.0005 : Math.abs(row.difference) < 1e-9
  const verdict = tiny ? '' : (row.difference < 0) === (row.better === 'lower') ? ' better' : ' worse'
  return `${sign}${size}${percent}${verdict}`
}

/** The comparison as a markdown table: area, measure, baseline, current, difference (and which way it goes). */
export function formatComparison(rows: readonly ComparedMeasure[], labels: { baseline: string; current: string }): string {
  const cells = rows.map((row) => [
    row.area,
    row.measure,
    row.baseline === null ? '–' : formatValue(row.unit, row.baseline),
    row.current === null ? '–' : formatValue(row.unit, row.current),
    formatDifference(row),
  ])
  const header = ['Area', 'Measure', labels.baseline, labels.current, 'Difference']
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((line) => line[i]!.length)))
  const line = (values: string[]) => `| ${values.map((value, i) => (i >= 2 ? value.padStart(widths[i]!) : value.padEnd(widths[i]!))).join(' | ')} |`
  const rule = `|${widths.map((width, i) => (i >= 2 ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`
  return [line(header), rule, ...cells.map(line)].join('\n')
}
