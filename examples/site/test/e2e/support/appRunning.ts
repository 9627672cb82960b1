import type { Page } from 'playwright'
import { APP_RUNNING_ATTRIBUTE } from '../../../src/app/documentMarks'

/**
 * Waits until the site's app runs the page (`data-app-running` on `<html>`, set by src/app/SiteApp.tsx):
 * a page the server rendered shows before its script has taken it over, and a click on a button before
 * then does nothing. Shared by the end-to-end tests and the bench.
 */
export async function appRunning(page: Page, timeoutMs = 20_000): Promise<void> {
  await page.waitForSelector(`html[${APP_RUNNING_ATTRIBUTE}]`, { state: 'attached', timeout: timeoutMs })
}
