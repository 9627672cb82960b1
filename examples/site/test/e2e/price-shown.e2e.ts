import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { chromiumPerFile } from '@comics/test-stack/browser'
import { payForSelectedPlan } from '@comics/test-stack/premium'
import { e2eStack } from '@comics/test-stack/stack'
import { prepareVisitor, signUpByEmail, uniqueEmail } from '@comics/test-stack/visitor'

const stack = e2eStack()
const chromium = chromiumPerFile()
const DISCOUNT = 'The discount applies only to the first purchase.'

/** The amount a plan's card shows on /premium, as a number. */
async function premiumAmount(page: Page, planId: string): Promise<number> {
  const amount = page.locator(`.comics-plan-card[data-plan="${planId}"] .comics-plan-card__amount`)
  await expect.poll(() => amount.textContent()).toMatch(/\d/)
  return dollarsIn((await amount.textContent())!)
}

/** The amount the order summary of /payment/{planId} shows, as a number. */
async function paymentAmount(page: Page, planId: string): Promise<number> {
  await page.goto(`${stack.adultOrigin}/payment/${planId}`)
  const amount = page.locator('.comics-order-summary__amount')
  await expect.poll(() => amount.textContent()).toMatch(/\d/)
  return dollarsIn((await amount.textContent())!)
}

const WEEKS: Record<string, number> = { '1week': 1, '4weeks': 4, '12weeks': 12, '24weeks': 24 }

/**
 * Each offered card's amount and per-week figure on /premium, with the figure the card should show:
 * the amount ÷ the plan's weeks, rounded to the cent.
 */
async function perWeekFigures(page: Page) {
  const cards = page.locator('.comics-plan-card')
  await expect.poll(() => cards.count()).toBeGreaterThan(0)
  const figures = []
  for (const card of await cards.all()) {
    const planId = (await card.getAttribute('data-plan'))!
    // The one-week plan's price is its weekly price: its card gives no second figure.
    if (planId === '1week') {
      expect(await card.locator('.comics-plan-card__per-week').count()).toBe(0)
      continue
    }
    const amount = dollarsIn((await card.locator('.comics-plan-card__amount').textContent())!)
    const perWeek = dollarsIn((await card.locator('.comics-plan-card__per-week').textContent())!)
    figures.push({ planId, amount, perWeek, expected: Math.round((amount * 100) / WEEKS[planId]!) / 100 })
  }
  return figures
}

const dollarsIn = (text: string) => Number(/(\d+(?:[.,]\d{2})?)/.exec(text)![1]!.replace(',', '.'))

describe('the price shown is the price charged (spec §9)', () => {
  test('a first-time buyer sees the first-purchase price; after paying, /premium, /payment and the sandbox page show one renewal price', async () => {
    const { page } = await chromium.open()
    await prepareVisitor(page.context())
    await page.goto(stack.adultOrigin)
    await signUpByEmail(page, uniqueEmail('returning'))

    // First purchase: the discounted price and its note.
    await page.goto(`${stack.adultOrigin}/premium`)
    expect(await premiumAmount(page, '4weeks')).toBe(13.49)
    expect(await page.getByText(DISCOUNT).count()).toBe(1)
    // Per week: the price this buyer pays ÷ weeks, to the cent ($24.99 / 12 = $2.08).
    const firstFigures = await perWeekFigures(page)
    expect(firstFigures.map(({ planId, perWeek }) => [planId, perWeek])).toEqual(firstFigures.map(({ planId, expected }) => [planId, expected]))
    expect(firstFigures.find(({ planId }) => planId === '12weeks')).toMatchObject({ amount: 24.99, perWeek: 2.08 })
    expect(await paymentAmount(page, '4weeks')).toBe(13.49)

    // Pays the 1-week plan (no discount on it), so has paid before.
    await page.goto(`${stack.adultOrigin}/premium`)
    await page.locator('.comics-plan-card[data-plan="1week"] input[type="radio"]').check()
    await payForSelectedPlan(page, stack.adultOrigin)
    await expect.poll(() => page.getByRole('region', { name: 'YOUR BENEFITS' }).getByRole('heading', { name: 'Premium · 1 week' }).isVisible(), { timeout: 20_000 }).toBe(true)

    // Returning buyer: the renewal price everywhere, and no discount note.
    await page.goto(`${stack.adultOrigin}/premium`)
    const onPremium = await premiumAmount(page, '24weeks')
    // Per week of the renewal price they pay: $35.99 / 12 = $3.00, not the first purchase's figure.
    const returningFigures = await perWeekFigures(page)
    expect(returningFigures.map(({ planId, perWeek }) => [planId, perWeek])).toEqual(returningFigures.map(({ planId, expected }) => [planId, expected]))
    expect(returningFigures.find(({ planId }) => planId === '12weeks')).toMatchObject({ amount: 35.99, perWeek: 3 })
    await page.locator('.comics-plan-card[data-plan="24weeks"] input[type="radio"]').check()
    expect(await page.getByText(DISCOUNT).count()).toBe(0)
    const onPayment = await paymentAmount(page, '24weeks')

    await page.goto(`${stack.adultOrigin}/premium`)
    await page.locator('.comics-plan-card[data-plan="24weeks"] input[type="radio"]').check()
    await page.getByLabel('I have read and agree to the Terms and Conditions and Privacy Policy').check()
    await page.getByRole('button', { name: 'Select and Pay' }).click()
    await page.waitForURL(/\/api\/v1\/checkout\//)
    const onSandbox = dollarsIn((await page.locator('.price').first().textContent())!)

    expect([onPremium, onPayment, onSandbox]).toEqual([79.99, 79.99, 79.99])
  })
})
