import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright'
import { DESKTOP, MOBILE } from './browser'

const folder = fileURLToPath(new URL('../../../examples/site/test-results/screenshots/', import.meta.url))

/**
 * Waits for the page to answer a resize: the media queries' change events and the renders they cause
 * run before the second frame after it, and a task after that frame lets a scheduled render commit.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  )
}

/**
 * Keeps a full-page screenshot of the current screen at desktop and at mobile width (the test
 * artefacts of issue 7), then restores the viewport it found.
 */
export async function screenshotBothSizes(page: Page, name: string): Promise<void> {
  mkdirSync(folder, { recursive: true })
  const viewport = page.viewportSize() ?? DESKTOP
  for (const [size, dimensions] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    await page.setViewportSize(dimensions)
    await settled(page)
    await page.screenshot({ path: `${folder}${name}-${size}.png`, fullPage: true })
  }
  await page.setViewportSize(viewport)
}

/** A phone's (390 × 844) and a desktop's (1280 × 900) window, as a screen is looked at before it is called done. */
export const LOOK_SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const

/**
 * Keeps a screenshot of the window at each of {@link LOOK_SIZES} (`{name}-390.png`, `{name}-1280.png`),
 * calling `inView` after each resize to bring what is looked at into view; then restores the viewport.
 */
export async function screenshotPhoneAndDesktop(page: Page, name: string, inView: (size: { width: number; height: number }) => Promise<void> = async () => {}): Promise<void> {
  mkdirSync(folder, { recursive: true })
  const viewport = page.viewportSize()
  for (const size of LOOK_SIZES) {
    await page.setViewportSize(size)
    await inView(size)
    await page.screenshot({ path: `${folder}${name}-${size.width}.png` })
  }
  if (viewport) await page.setViewportSize(viewport)
}

const layoutFolder = fileURLToPath(new URL('../../../examples/site/test-results/layout/', import.meta.url))

/** Keeps a screenshot of the window as it is, `{name}.png` in test-results/layout/ (the layout check's artefact). */
export async function screenshotLayout(page: Page, name: string): Promise<void> {
  mkdirSync(layoutFolder, { recursive: true })
  await page.screenshot({ path: `${layoutFolder}${name}.png` })
}
