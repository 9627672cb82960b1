import { expect } from 'vitest'
import type { Page } from 'playwright'

/** The sandbox provider's test cards (see the hosted page). */
export const TEST_CARD = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  delayed: '4000 0000 0000 0077',
} as const

/** The plan the premium page has selected, by its id (the card's data-plan). */
export const selectedPlan = (page: Page) => page.locator('.comics-plan-card[data-selected]').getAttribute('data-plan')

/** On /premium: ticks the terms and presses Select and Pay; resolves on the sandbox's hosted page. */
export async function startCheckout(page: Page): Promise<void> {
  const pay = page.getByRole('button', { name: 'Select and Pay' })
  const terms = page.getByLabel('I have read and agree to the Terms and Conditions and Privacy Policy')
  if (!(await terms.isChecked())) await terms.check()
  await expect.poll(() => pay.isEnabled()).toBe(true)
  await pay.click()
  await page.waitForURL(/\/api\/v1\/checkout\//)
}

/** On the sandbox's hosted page: types a card and presses Pay. */
export async function payWithCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: /^Pay / }).click()
}

/** Back on the site's account page from the provider, with the checkout named in the address. */
export const backOnAccount = (page: Page, siteOrigin: string) =>
  page.waitForURL((url) => url.origin === siteOrigin && url.pathname === '/account' && url.searchParams.has('checkout'))

/**
 * On /premium: ticks the terms, presses Select and Pay, pays with the success card on the sandbox's
 * hosted page and waits to be back on /account.
 */
export async function payForSelectedPlan(page: Page, siteOrigin: string): Promise<void> {
  await startCheckout(page)
  await payWithCard(page, TEST_CARD.succeeds)
  await backOnAccount(page, siteOrigin)
}
