import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright'
import { DESKTOP, MOBILE } from './browser'

const folder = fileURLToPath(new URL('../../../examples/site/test-results/screenshots/', import.meta.url))

/**
 * Keeps a full-page screenshot of the current screen at desktop and at mobile width (the test
 * artefacts of issue 7), then restores the viewport it found.
 */
export async function screenshotBothSizes(page: Page, name: string): Promise<void> {
  mkdirSync(folder, { recursive: true })
  const viewport = page.viewportSize() ?? DESKTOP
  for (const [size, dimensions] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    await page.setViewportSize(dimensions)
    await page.waitForTimeout(300)
    await page.screenshot({ path: `${folder}${name}-${size}.png`, fullPage: true })
  }
  await page.setViewportSize(viewport)
}
