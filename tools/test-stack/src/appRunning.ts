import type { Page } from 'playwright'

/**
 * The attribute the site's app sets on `<html>` once it runs the page: the site's APP_RUNNING_ATTRIBUTE
 * (src/app/documentMarks.ts), spelled here because the stack does not import the site it starts; the
 * site's unit test testStackMarks.test.ts holds the two equal.
 */
export const APP_RUNNING_ATTRIBUTE = 'data-app-running'

/**
 * Waits until the site's app runs the page (`data-app-running` on `<html>`, set by the site's src/app/browserSite.ts once the app has taken the page over):
 * a page the server rendered shows before its script has taken it over, and a click on a button before
 * then does nothing. Shared by the end-to-end tests and the bench.
 */
export async function appRunning(page: Page, timeoutMs = 20_000): Promise<void> {
  await page.waitForSelector(`html[${APP_RUNNING_ATTRIBUTE}]`, { state: 'attached', timeout: timeoutMs })
}
