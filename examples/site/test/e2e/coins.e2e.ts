import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { chromiumPerFile } from '@comics/test-stack/browser'
import { payForSelectedPlan, payWithCard, TEST_CARD } from '@comics/test-stack/premium'
import { screenshotPhoneAndDesktop } from '@comics/test-stack/screenshots'
import { e2eStack } from '@comics/test-stack/stack'
import { prepareVisitor, signUpByEmail, uniqueEmail } from '@comics/test-stack/visitor'

const stack = e2eStack()
const comic = stack.catalogue.uncensoredComic
const chromium = chromiumPerFile()

/** The balance the shop shows, as a number. */
const shownBalance = async (page: Page) => Number((await page.getByLabel('Your coins').first().textContent())?.replace(/\D+/g, ''))
/** The balance the top bar shows, as a number. */
const topBarBalance = async (page: Page) =>
  Number((await page.getByRole('banner').getByRole('link', { name: /^Your coins/ }).textContent())?.replace(/\D+/g, ''))
const firstPage = (page: Page) => page.getByRole('img', { name: /^Page 1 of \d+$/ })

describe('coins', () => {
  test('a new reader buys a pack in the sandbox, unlocks episode 4, reads it, and the balance falls by the price, after a reload too', async () => {
    const { page } = await chromium.open()
    await prepareVisitor(page.context())
    const episode4 = `${stack.adultOrigin}/comic/${comic.id}/${comic.chapterIds[3]}`
    await page.goto(`${stack.adultOrigin}/comic/${comic.id}`)
    await signUpByEmail(page, uniqueEmail('coins'))
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Account' }).isVisible()).toBe(true)

    // Episode 4 is locked: its row on the comic page still opens /premium, and offers the coin unlock beside
    // it, which opens the reader on episode 4; with no coins the reader is offered the shop or a subscription.
    if (new URL(page.url()).pathname !== `/comic/${comic.id}`) await page.goto(`${stack.adultOrigin}/comic/${comic.id}`)
    const rowUnlock = page.getByRole('link', { name: 'Unlock for 10 coins' })
    await expect.poll(() => rowUnlock.count(), { timeout: 15_000 }).toBe(comic.chapterIds.length - 3)
    await rowUnlock.first().click()
    await page.waitForURL(episode4)
    const getCoins = page.getByRole('link', { name: 'Get coins' })
    await expect.poll(() => getCoins.isVisible(), { timeout: 15_000 }).toBe(true).catch(async (error: unknown) => {
      console.error('The locked episode offered no shop; the page was', page.url(), (await page.locator('body').innerText()).slice(0, 800))
      throw error
    })
    expect(await page.getByRole('link', { name: 'Subscribe to read every episode' }).isVisible()).toBe(true)
    // The balance shows beside what is missing.
    expect(await page.getByText('You need 10 more coins to unlock this episode.').isVisible()).toBe(true)
    expect(await page.getByText('You have 0 coins', { exact: true }).isVisible()).toBe(true)
    await screenshotPhoneAndDesktop(page, 'coins-locked-episode')
    await getCoins.click()
    await page.waitForURL((url) => url.pathname === '/coins' && url.searchParams.get('return') === new URL(episode4).pathname)

    // The shop: the Coin rules, and Buy only once the terms are accepted.
    await expect.poll(() => page.getByText('Coins have no real-world value, are non-transferable and non-refundable.').isVisible()).toBe(true)
    const buy = page.getByRole('button', { name: 'Buy for $4.99' })
    expect(await buy.isDisabled()).toBe(true)
    await page.getByLabel('I have read and agree to the Terms and Conditions and understand the Coin rules').check()
    await buy.click()
    await page.waitForURL(/\/api\/v1\/checkout\//)
    await payWithCard(page, TEST_CARD.succeeds)
    await page.waitForURL((url) => url.origin === stack.adultOrigin && url.pathname === '/coins' && url.searchParams.has('checkout'))
    await expect.poll(() => page.getByText('50 coins were added to your balance.').isVisible(), { timeout: 20_000 }).toBe(true)
    await expect.poll(() => shownBalance(page)).toBe(50)
    await expect.poll(() => topBarBalance(page), { timeout: 15_000 }).toBe(50)

    // The end of episode 3 now offers episode 4 for coins, with the balance, or a subscription.
    await page.goto(`${stack.adultOrigin}/comic/${comic.id}/${comic.chapterIds[2]}`)
    const endCard = page.getByRole('region', { name: 'Next episode' })
    await endCard.scrollIntoViewIfNeeded()
    await expect.poll(() => endCard.getAttribute('data-state'), { timeout: 15_000 }).toBe('unlock-or-subscribe')
    await expect.poll(() => endCard.getByText('You have 50 coins', { exact: true }).isVisible()).toBe(true)
    expect(await endCard.getByRole('button', { name: 'Unlock for 10 coins' }).isVisible()).toBe(true)
    expect(await endCard.getByRole('link', { name: 'Subscribe to read every episode' }).isVisible()).toBe(true)
    await screenshotPhoneAndDesktop(page, 'reader-end-card-coins', async () => {
      await endCard.scrollIntoViewIfNeeded()
      await expect.poll(() => endCard.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
    })
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/coins')

    // Back to the episode: unlock it for 10 coins and read it.
    await page.getByRole('link', { name: 'Back to the episode' }).click()
    await page.waitForURL(episode4)
    const unlock = page.getByRole('button', { name: 'Unlock for 10 coins' })
    await expect.poll(() => unlock.isVisible(), { timeout: 15_000 }).toBe(true)
    expect(await page.getByText('You have 50 coins', { exact: true }).isVisible()).toBe(true)
    // Spending is asked first: 'Not now' spends nothing, and focus stays in the dialog until it is answered.
    await unlock.click()
    const confirm = page.getByRole('dialog', { name: 'Unlock this episode for 10 coins?' })
    await expect.poll(() => confirm.isVisible()).toBe(true)
    expect(await confirm.getByText('You have 50 coins. The episode stays open to you for good.').isVisible()).toBe(true)
    await screenshotPhoneAndDesktop(page, 'coins-unlock-confirm')
    expect(await confirm.getByRole('button', { name: 'Not now' }).evaluate((button) => button === document.activeElement)).toBe(true)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await confirm.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)
    await confirm.getByRole('button', { name: 'Not now' }).click()
    await expect.poll(() => confirm.count()).toBe(0)
    expect(await page.getByText('You have 50 coins', { exact: true }).isVisible()).toBe(true)
    await unlock.click()
    await confirm.getByRole('button', { name: 'Spend 10 coins' }).click()
    await expect.poll(() => firstPage(page).isVisible(), { timeout: 20_000 }).toBe(true)
    // Closing the reader (no reload), the top bar's balance has fallen by the price.
    await page.getByRole('link', { name: 'Close reader' }).click()
    await page.waitForURL(`${stack.adultOrigin}/comic/${comic.id}`)
    await expect.poll(() => topBarBalance(page), { timeout: 15_000 }).toBe(40)
    // The comic page marks the episode unlocked, and it alone.
    const unlockedRows = page.locator('.comics-episode-row[data-unlocked="true"]')
    await expect.poll(() => unlockedRows.count(), { timeout: 15_000 }).toBe(1)
    expect(await unlockedRows.locator('.comics-episode-row__title').textContent()).toContain(comic.chapterTitles[3]!)
    expect(await unlockedRows.getByText('Unlocked', { exact: true }).isVisible()).toBe(true)
    await page.goBack()
    await page.waitForURL(episode4)

    // The balance fell by the price, and a reload keeps both the episode and the balance.
    await page.reload()
    await expect.poll(() => firstPage(page).isVisible(), { timeout: 20_000 }).toBe(true)
    await page.goto(`${stack.adultOrigin}/coins`)
    await expect.poll(() => shownBalance(page), { timeout: 15_000 }).toBe(40)
    await expect.poll(() => topBarBalance(page), { timeout: 15_000 }).toBe(40)
    await page.goto(`${stack.adultOrigin}/account`)
    await expect.poll(() => page.getByText('Episode unlocked').isVisible(), { timeout: 15_000 }).toBe(true)
  })

  test('a guest is asked to sign in first', async () => {
    const { page } = await chromium.open()
    await prepareVisitor(page.context())
    await page.goto(`${stack.adultOrigin}/comic/${comic.id}/${comic.chapterIds[3]}`)
    await expect.poll(() => page.getByRole('dialog').isVisible(), { timeout: 15_000 }).toBe(true)
    expect(await page.getByRole('button', { name: /Unlock for/ }).count()).toBe(0)
    expect(await page.getByRole('banner').getByRole('link', { name: /Your coins/ }).count()).toBe(0)
    await page.goto(`${stack.adultOrigin}/coins`)
    await page.waitForURL(`${stack.adultOrigin}/`)
  })

  test('a subscriber is never asked to pay coins', async () => {
    const { page } = await chromium.open()
    await prepareVisitor(page.context())
    await page.goto(`${stack.adultOrigin}/comic/${comic.id}`)
    await signUpByEmail(page, uniqueEmail('coins-subscriber'))
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Account' }).isVisible()).toBe(true)
    await page.goto(`${stack.adultOrigin}/premium`)
    await payForSelectedPlan(page, stack.adultOrigin)
    await expect.poll(() => page.getByRole('region', { name: 'YOUR BENEFITS' }).getByRole('heading', { level: 3 }).textContent(), { timeout: 20_000 }).toMatch(/^Premium/)
    await page.goto(`${stack.adultOrigin}/comic/${comic.id}`)
    await expect.poll(() => page.getByRole('link', { name: 'Open' }).count(), { timeout: 20_000 }).toBe(comic.chapterIds.length)
    expect(await page.getByRole('link', { name: /Unlock for/ }).count()).toBe(0)
    await page.goto(`${stack.adultOrigin}/comic/${comic.id}/${comic.chapterIds[3]}`)
    await expect.poll(() => firstPage(page).isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await page.getByRole('button', { name: /Unlock for/ }).count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Get coins' }).count()).toBe(0)
  })
})
