import { expect } from 'vitest'
import type { Page } from 'playwright'

/** The plan the premium page has selected, by its id (the card's data-plan). */
export const selectedPlan = (page: Page) => page.locator('.comics-plan-card[data-selected]').getAttribute('data-plan')

/**
 * On /premium: ticks the terms, presses Select and Pay, pays on the API's sandbox checkout page and waits
 * to be back on /account.
 */
export async function payForSelectedPlan(page: Page, siteOrigin: string): Promise<void> {
  const pay = page.getByRole('button', { name: 'Select and Pay' })
  const terms = page.getByLabel('I have read and agree to the Terms and Conditions and Privacy Policy')
  if (!(await terms.isChecked())) await terms.check()
  await expect.poll(() => pay.isEnabled()).toBe(true)
  await pay.click()
  await page.waitForURL(/\/api\/v1\/checkout\//)
  await page.getByRole('button', { name: /^Pay / }).click()
  await page.waitForURL(`${siteOrigin}/account`)
}
