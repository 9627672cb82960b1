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

/** The categories each run scores: performance, and the page's findability and soundness. */
const CATEGORIES = ['performance', 'seo', 'accessibility', 'best-practices']

/**
 * Lighthouse's mobile performance, SEO, accessibility and best-practices categories (its default: Moto G Power screen, simulated slow 4G and 4x
 * CPU) on Debian's Chromium started by chrome-launcher, one Chromium per run, storage cleared as Lighthouse
 * does by default (a first visit). The report of each run is kept in bench-results/.cache.
 */
export async function runLighthouse(origin: string, page: { name: string; path: string }, runs: number): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = []
  for (let run = 0; run < runs; run++) {
    const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS })
    try {
      const result = await lighthouse(`${origin}${page.path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES })
      if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`)
      const { lhr } = result
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
      writeFileSync(join(benchPaths.cacheDir, `lighthouse-${page.name}-${run + 1}.json`), JSON.stringify(lhr))
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
      const failedAudits = ['seo', 'accessibility', 'best-practices'].flatMap((id) =>
        (lhr.categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => `${id}:${ref.id}`),
      )
      results.push({
        name: page.name,
        path: page.path,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        speedIndexMs: audit('speed-index'),
        seo: score('seo'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        failedAudits,
        scores: [],
      })
    } finally {
      await chrome.kill()
    }
  }
  const sorted = [...results].sort((a, b) => a.performance - b.performance)
  return { ...sorted[Math.floor(sorted.length / 2)]!, scores: results.map((result) => result.performance) }
}
