import type { Browser, Page } from 'playwright'
import { readFigures } from './browser'
import type { LongComic } from './catalogue'
import { coldOpen } from './readerRun'

/** How long each way of scrolling is measured, in seconds. */
export const AUTOSCROLL_SECONDS = 5
/** The frame budget at 60 Hz: a p95 frame time above it is a dropped frame in one of twenty. */
export const FRAME_BUDGET_MS = 1000 / 60
/**
 * What a frame on time measures between two requestAnimationFrame callbacks: one 60 Hz interval, which the
 * callbacks' timestamps give as 16.6 to 16.8 ms; a dropped frame measures 33.3 ms.
 */
export const ON_TIME_FRAME_MS = 17
/** Medium, core's default `READER_SCROLL_SPEED_PX_PER_S.medium`: today's reader is scrolled at the same speed. */
const SPEED_PX_PER_S = 60

/** What the page's frames were while the strip moved for {@link AUTOSCROLL_SECONDS}. */
export interface FrameFigures {
  frames: number
  medianFrameMs: number
  p95FrameMs: number
  maxFrameMs: number
  /** Long tasks (50 ms or more, PerformanceObserver 'longtask') while it moved. */
  longTasks: number
  longestTaskMs: number
  /** How far the strip moved, in CSS pixels. */
  movedPx: number
  /**
   * The long animation frames (50 ms or more, 'long-animation-frame') while it moved, each with the time
   * spent in scripts, in style and layout, and the longest scripts by what ran them (what a long task was).
   */
  longFrames: { durationMs: number; scriptMs: number; styleAndLayoutMs: number; scripts: string[] }[]
}

export interface AutoScrollFigures {
  seconds: number
  speedPxPerS: number
  /** The reader's own auto-scroll (the footer's toggle), at 4x CPU; one entry per run. */
  autoScroll: FrameFigures[]
  /**
   * The same reader scrolled at the same speed by the bench itself (a requestAnimationFrame loop in the
   * page, as a reader's page without auto-scroll would be driven): the frames of today's reader moving,
   * beside the feature's own.
   */
  driven: FrameFigures[]
  /** The reader's cold LCP (slow 4G, 4x CPU) in the same runs: the toggle in the footer must not move it. */
  lcpMs: number[]
  lcpElement: string
}

const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN
}

export const median = (values: number[]) => percentile(values, 0.5)

/**
 * Records the page's animation frames and long tasks for `seconds` while `how` moves the strip: 'own'
 * presses the reader's Auto-scroll toggle (and again at the end); 'driven' moves the strip from a
 * requestAnimationFrame loop of the bench's at the same speed, time-based as the reader's.
 */
async function framesWhileMoving(page: Page, how: 'own' | 'driven', seconds: number): Promise<FrameFigures> {
  // The bench runs under tsx, whose esbuild names inner functions with a `__name` helper the page lacks.
  await page.evaluate('window.__name = window.__name || ((target) => target)')
  const raw = await page.evaluate(
    ({ how, seconds, speed }) =>
      new Promise<{ deltas: number[]; tasks: number[]; movedPx: number; longFrames: FrameFigures['longFrames']; error?: string }>((resolve) => {
        const strip = document.querySelector<HTMLElement>('.comics-reader__main')!
        const toggle = document.querySelector<HTMLButtonElement>('.comics-reader__autoscroll')
        if (how === 'own' && (!toggle || toggle.disabled)) {
          resolve({ deltas: [], tasks: [], movedPx: 0, longFrames: [], error: 'no Auto-scroll toggle to press' })
          return
        }
        const tasks: number[] = []
        const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(entry.duration)))
        observer.observe({ type: 'longtask' })
        const longFrames: FrameFigures['longFrames'] = []
        type LongFrame = PerformanceEntry & {
          renderStart: number
          styleAndLayoutStart: number
          scripts: (PerformanceEntry & { invoker: string; sourceFunctionName: string; sourceURL: string })[]
        }
        const frames = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as LongFrame[]) {
            const end = entry.startTime + entry.duration
            longFrames.push({
              durationMs: Math.round(entry.duration),
              scriptMs: Math.round(entry.scripts.reduce((sum, script) => sum + script.duration, 0)),
              styleAndLayoutMs: entry.styleAndLayoutStart ? Math.round(end - entry.styleAndLayoutStart) : 0,
              scripts: [...entry.scripts]
                .sort((a, b) => b.duration - a.duration)
                .slice(0, 3)
                .map((script) => `${Math.round(script.duration)} ms ${script.invoker} ${script.sourceFunctionName || '?'} (${script.sourceURL.split('/').pop()})`),
            })
          }
        })
        try {
          frames.observe({ type: 'long-animation-frame' })
        } catch {
          /* not in this browser */
        }
        const deltas: number[] = []
        const from = strip.scrollTop
        let last: number | null = null
        let carry = 0
        let started = 0
        const frame = (now: number) => {
          if (last !== null) deltas.push(now - last)
          if (how === 'driven' && last !== null) {
            carry += (speed * Math.min(now - last, 100)) / 1000
            const step = Math.floor(carry)
            carry -= step
            if (step > 0) strip.scrollTop += step
          }
          last = now
          if (now - started < seconds * 1000) {
            requestAnimationFrame(frame)
            return
          }
          if (how === 'own') toggle!.click()
          // Long tasks are reported after they end: one more task turn for the last of them.
          setTimeout(() => {
            observer.disconnect()
            frames.disconnect()
            resolve({ deltas, tasks, movedPx: strip.scrollTop - from, longFrames })
          }, 100)
        }
        requestAnimationFrame((now) => {
          started = now
          if (how === 'own') toggle!.click()
          frame(now)
        })
      }),
    { how, seconds, speed: SPEED_PX_PER_S },
  )
  if (raw.error) throw new Error(raw.error)
  return {
    frames: raw.deltas.length,
    medianFrameMs: median(raw.deltas),
    p95FrameMs: percentile(raw.deltas, 0.95),
    maxFrameMs: Math.max(...raw.deltas),
    longTasks: raw.tasks.length,
    longestTaskMs: raw.tasks.length ? Math.max(...raw.tasks) : 0,
    movedPx: raw.movedPx,
    longFrames: raw.longFrames,
  }
}

/**
 * Auto-scroll on the long comic's episode 1 as a first-time guest on a phone, under slow 4G and 4x CPU:
 * each run opens the reader cold (its LCP), waits for the network to be quiet, then records the frames and
 * long tasks of {@link AUTOSCROLL_SECONDS} of the reader's own auto-scroll and as many of the same reader
 * scrolled by the bench at the same speed (which goes first alternates between runs).
 */
export async function measureAutoScroll(browser: Browser, options: { origin: string; comic: LongComic; runs: number }): Promise<AutoScrollFigures> {
  const figures: AutoScrollFigures = { seconds: AUTOSCROLL_SECONDS, speedPxPerS: SPEED_PX_PER_S, autoScroll: [], driven: [], lcpMs: [], lcpElement: '' }
  for (let run = 0; run < options.runs; run++) {
    const cold = await coldOpen(browser, options.origin, options.comic)
    try {
      const page = cold.measured.page
      const opened = await readFigures(page)
      figures.lcpMs.push(opened.lcp)
      figures.lcpElement = opened.lcpTag
      await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('.comics-reader__autoscroll')?.disabled === false, undefined, { timeout: 60_000 })
      const order: ('own' | 'driven')[] = run % 2 === 0 ? ['own', 'driven'] : ['driven', 'own']
      for (const how of order) {
        const frames = await framesWhileMoving(page, how, AUTOSCROLL_SECONDS)
        ;(how === 'own' ? figures.autoScroll : figures.driven).push(frames)
      }
    } finally {
      await cold.measured.context.close()
    }
  }
  return figures
}
