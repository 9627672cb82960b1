import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { benchPaths } from './paths'

export interface LighthouseFigures {
  name: string
  path: string
  /** 0 to 100. */
  performance: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  speedIndexMs: number
  /** Lighthouse's SEO, accessibility and best-practices scores (0 to 100) of the same run. */
  seo: number
  accessibility: number
  bestPractices: number
  /** The audits that lost points in those three categories, by id (for the note when one falls short). */
  failedAudits: string[]
  /** The bench's other runs of the page, when more than one: the median by score is reported. */
  scores: number[]
}

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

/**
 * The categories of the page's findability and soundness, scored in a run of their own: their gatherers
 * (the source maps, robots.txt, the console, axe) work during the load and would slow the run that
 * measures performance.
 */
const QUALITY_CATEGORIES = ['seo', 'accessibility', 'best-practices']

/** One Lighthouse run of `categories` on a Chromium of its own; its report is kept in bench-results/.cache. */
async function lighthouseRun(url: string, categories: string[], report: string) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS })
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories })
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    writeFileSync(join(benchPaths.cacheDir, report), JSON.stringify(lhr))
    return lhr
  } finally {
    await chrome.kill()
  }
}

/**
 * Lighthouse's mobile performance category (its default: Moto G Power screen, simulated slow 4G and 4x
 * CPU) on Debian's Chromium started by chrome-launcher, one Chromium per run, storage cleared as Lighthouse
 * does by default (a first visit), `runs` times; then one run of the SEO, accessibility and best-practices
 * categories. The report of each run is kept in bench-results/.cache.
 */
export async function runLighthouse(origin: string, page: { name: string; path: string }, runs: number): Promise<LighthouseFigures> {
  const url = `${origin}${page.path}`
  const quality = await lighthouseRun(url, QUALITY_CATEGORIES, `lighthouse-${page.name}-quality.json`)
  const score = (id: string) => Math.round((quality.categories[id]?.score ?? 0) * 100)
  const qualityFigures = {
    seo: score('seo'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    failedAudits: QUALITY_CATEGORIES.flatMap((id) =>
      (quality.categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (quality.audits[ref.id]?.score ?? 1) < 1).map((ref) => `${id}:${ref.id}`),
    ),
  }
  const results: LighthouseFigures[] = []
  for (let run = 0; run < runs; run++) {
    const lhr = await lighthouseRun(url, ['performance'], `lighthouse-${page.name}-${run + 1}.json`)
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    results.push({
      name: page.name,
      path: page.path,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      speedIndexMs: audit('speed-index'),
      ...qualityFigures,
      scores: [],
    })
  }
  const sorted = [...results].sort((a, b) => a.performance - b.performance)
  return { ...sorted[Math.floor(sorted.length / 2)]!, scores: results.map((result) => result.performance) }
}
