import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { chromiumPerFile } from '@comics/test-stack/browser'
import { backOnAccount, payWithCard, startCheckout, TEST_CARD } from '@comics/test-stack/premium'
import { e2eStack } from '@comics/test-stack/stack'
import { prepareVisitor, signUpByEmail, uniqueEmail } from '@comics/test-stack/visitor'

const stack = e2eStack()
const chromium = chromiumPerFile()
const workspaceRoot = fileURLToPath(new URL('../../../..', import.meta.url))

/** A new reader, signed up, on /premium with the 1-week plan chosen. */
async function readerOnPremium(role: string): Promise<Page> {
  const { page } = await chromium.open()
  await prepareVisitor(page.context())
  await page.goto(stack.adultOrigin)
  await signUpByEmail(page, uniqueEmail(role))
  await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Account' }).isVisible()).toBe(true)
  await page.goto(`${stack.adultOrigin}/premium`)
  await page.locator('.comics-plan-card[data-plan="1week"] input[type="radio"]').check()
  return page
}

const membership = (page: Page) => page.getByRole('region', { name: 'YOUR BENEFITS' }).getByRole('heading', { level: 3 })

/** The API as the reader's own script could call it, with the token the site stores. */
const callApi = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ([path, body]) => {
      const token = JSON.parse(localStorage.getItem('authToken') ?? 'null') as string
      const response = await fetch(`/api/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      })
      return { status: response.status, body: (await response.json()) as { error?: { code: string }; data?: unknown[]; url?: string } }
    },
    [path, body] as const,
  )

describe('paying through the sandbox provider', () => {
  test("from the payment page: Continue waits for a method and the terms, saying why, then goes to the provider's checkout of that plan", async () => {
    const { page, consoleLines } = await chromium.open()
    // Cookies accepted, to see Continue's analytics event go out (the built site prints events to the console).
    await prepareVisitor(page.context(), { consent: 'accepted' })
    await page.goto(stack.adultOrigin)
    await signUpByEmail(page, uniqueEmail('payment-page'))
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Account' }).isVisible()).toBe(true)
    await page.goto(`${stack.adultOrigin}/payment/4weeks`)
    const proceed = page.getByRole('button', { name: 'Continue' })
    await expect.poll(() => proceed.getAttribute('aria-describedby')).toBeTruthy()
    const hint = () => proceed.evaluate((button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent ?? '')
    expect(await hint()).toBe('Select a payment method to continue')
    const select = page.getByRole('combobox', { name: 'Select payment method' })
    await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1)
    await select.selectOption({ index: 1 })
    expect(await hint()).toBe('Accept the terms to continue')
    expect(await proceed.isDisabled()).toBe(true)
    await page.getByLabel('I have read and agree to the Terms and Conditions and Privacy Policy').check()
    await expect.poll(() => proceed.isEnabled()).toBe(true)
    await proceed.click()
    await page.waitForURL(/\/api\/v1\/checkout\//)
    expect(consoleLines.some((line) => /^\[analytics\] payment_continue_clicked/.test(line))).toBe(true)
    // The provider's page charges the 4-week plan's first-purchase price (paying there is tested below).
    expect(await page.locator('.price').first().textContent()).toContain('13.49')
  })

  test('with the success card: back on the account page, the membership is active', async () => {
    const page = await readerOnPremium('card-success')
    await startCheckout(page)
    await payWithCard(page, TEST_CARD.succeeds)
    await backOnAccount(page, stack.adultOrigin)
    await expect.poll(() => membership(page).textContent(), { timeout: 20_000 }).toBe('Premium · 1 week')
  })

  test('with the declined card, then the success card: the page says declined and lets the reader try again', async () => {
    const page = await readerOnPremium('card-declined')
    await startCheckout(page)
    await payWithCard(page, TEST_CARD.declined)
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Your card was declined. Try another card, or go back.')
    expect(page.url()).toMatch(/\/api\/v1\/checkout\/[^/]+\/pay$/)
    expect(await page.getByRole('button', { name: 'Cancel and go back' }).isVisible()).toBe(true)
    await payWithCard(page, TEST_CARD.succeeds)
    await backOnAccount(page, stack.adultOrigin)
    await expect.poll(() => membership(page).textContent(), { timeout: 20_000 }).toBe('Premium · 1 week')
  })

  test('with the delayed card: Payment processing… on the account page, then active without a reload; confirming early is refused', async () => {
    const page = await readerOnPremium('card-delayed')
    await startCheckout(page)
    await payWithCard(page, TEST_CARD.delayed)
    await backOnAccount(page, stack.adultOrigin)
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
    await expect.poll(() => page.getByText('Payment processing…').isVisible()).toBe(true)
    expect(await membership(page).textContent()).toBe("YOU DON'T HAVE MEMBERSHIP")
    // The order's id is in the address now; asking the API to activate it before the provider confirmed is refused.
    const orderId = new URL(page.url()).searchParams.get('checkout')!
    const early = await callApi(page, '/subscriptions', { checkoutId: orderId })
    expect(early).toMatchObject({ status: 409, body: { error: { code: 'payment_pending' } } })
    await expect.poll(() => membership(page).textContent(), { timeout: 20_000 }).toBe('Premium · 1 week')
    expect(await page.getByText('Payment received: your membership is active.').isVisible()).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
  })

  test('the path read from the network tab is refused: a checkout opened and confirmed without paying grants nothing', async () => {
    const page = await readerOnPremium('network-tab')
    const opened = await callApi(page, '/subscriptions/checkout', { level: 4, title: '24weeks', urlSuccess: `${stack.adultOrigin}/account` })
    expect(opened.status).toBe(200)
    // The order's real id, as the reader's own data export lists it (and the address shows after paying).
    const exported = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('authToken') ?? 'null') as string
      const response = await fetch('/api/v1/me/export', { headers: { authorization: `Bearer ${token}` } })
      return (await response.json()) as { checkouts: { id: string; planId: string; status: string }[] }
    })
    const order = exported.checkouts.find((checkout) => checkout.planId === '24weeks' && checkout.status === 'open')
    expect(order).toBeDefined()
    const confirmed = await callApi(page, '/subscriptions', { checkoutId: order!.id })
    expect(confirmed).toMatchObject({ status: 409, body: { error: { code: 'payment_pending' } } })
    // The provider's id of the checkout, read from the payment page's address, is no order at all.
    const providerCheckoutId = new URL(opened.body.url!).pathname.split('/').pop()!
    expect((await callApi(page, '/subscriptions', { checkoutId: providerCheckoutId })).status).toBe(404)
    const own = await callApi(page, '/subscriptions/list', { limit: 200, offset: 0 })
    expect(own).toMatchObject({ status: 200, body: { data: [] } })
    await page.goto(`${stack.adultOrigin}/account`)
    await expect.poll(() => membership(page).textContent()).toBe("YOU DON'T HAVE MEMBERSHIP")
  })

  test("an admin refunds a payment from the admin screen: the reader's membership ends", async () => {
    const page = await readerOnPremium('refunded')
    await startCheckout(page)
    await payWithCard(page, TEST_CARD.succeeds)
    await backOnAccount(page, stack.adultOrigin)
    await expect.poll(() => membership(page).textContent(), { timeout: 20_000 }).toBe('Premium · 1 week')
    const readerUid = await page.evaluate(() => (JSON.parse(localStorage.getItem('authUser') ?? '{}') as { uid: string }).uid)

    const { page: adminPage } = await chromium.open()
    await prepareVisitor(adminPage.context())
    const email = uniqueEmail('refunding-admin')
    await adminPage.goto(`${stack.adultOrigin}/admin`)
    await signUpByEmail(adminPage, email)
    await promisify(execFile)('pnpm', ['--filter', 'api', 'grant-admin', email], {
      cwd: workspaceRoot,
      env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: stack.emulatorHost },
    })
    await adminPage.getByRole('button', { name: 'Refresh my access' }).click()
    await adminPage.getByRole('tab', { name: 'Coins and payments', exact: true }).click()
    const payments = adminPage.getByRole('region', { name: 'Payments' })
    const row = payments.getByRole('group').filter({ hasText: readerUid })
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1)
    await row.getByRole('button', { name: 'Refund' }).click()
    await row.getByRole('button', { name: 'Refund now' }).click()
    await expect.poll(() => row.getAttribute('data-status')).toBe('refunded')

    await page.goto(`${stack.adultOrigin}/account`)
    await expect.poll(() => membership(page).textContent()).toBe("YOU DON'T HAVE MEMBERSHIP")
  })
})
