import { describe, expect, test } from 'vitest'
import { chromiumPerFile, type WatchedPage } from '@comics/test-stack/browser'
import { payForSelectedPlan, selectedPlan } from '@comics/test-stack/premium'
import { screenshotBothSizes, screenshotPhoneAndDesktop } from '@comics/test-stack/screenshots'
import { e2eStack } from '@comics/test-stack/stack'
import { prepareVisitor, signUpByEmail, uniqueEmail } from '@comics/test-stack/visitor'

const stack = e2eStack()
const comic = stack.catalogue.uncensoredComic
const chromium = chromiumPerFile()
let visit: WatchedPage

describe('a reader who subscribes', () => {
  test('signs up, is sent to /premium by a locked episode, pays 4 weeks, reads episode 4, then goes uncensored at level 3', async () => {
    visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    // Every page list asked for in the uncensored variant, with its answer.
    const uncensoredPageLists: { body: string; status: number }[] = []
    page.on('response', (response) => {
      const body = response.request().postData() ?? ''
      if (response.url().endsWith('/api/v1/comics-assets/list') && body.includes('"uncensored"')) {
        uncensoredPageLists.push({ body, status: response.status() })
      }
    })
    const comicPage = `${stack.adultOrigin}/comic/${comic.id}`
    await page.goto(comicPage)
    await signUpByEmail(page, uniqueEmail('subscriber'))
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Account' }).isVisible()).toBe(true)

    // The payment route defaults to the 1-week plan (spec §2).
    await page.goto(`${stack.adultOrigin}/payment`)
    await page.waitForURL(`${stack.adultOrigin}/payment/1week`)
    await expect.poll(() => page.getByRole('heading', { name: 'Complete Your Purchase' }).isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: 'Your Order' }).isVisible()).toBe(true)
    expect(await page.getByText('1 week', { exact: true }).first().isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true)
    await screenshotBothSizes(page, 'payment')
    // The method dropdown is the browser's own select: End, Home and type-ahead pick; Continue follows the
    // terms box.
    const methods = page.getByRole('combobox', { name: 'Select payment method' })
    await expect.poll(() => methods.isEnabled()).toBe(true)
    await methods.focus()
    await page.keyboard.press('End')
    expect(await methods.inputValue()).toBe('usdt_trc20')
    await page.keyboard.press('Home')
    expect(await methods.inputValue()).toBe('card')
    await page.keyboard.type('goo')
    expect(await methods.inputValue()).toBe('google_pay')
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true)
    await page.getByLabel('I have read and agree to the Terms and Conditions and Privacy Policy').check()
    await expect.poll(() => page.getByRole('button', { name: 'Continue' }).isEnabled()).toBe(true)
    await page.getByRole('link', { name: /Select another package/ }).click()
    await page.waitForURL(`${stack.adultOrigin}/premium`)
    await page.goto(comicPage)

    // Signed in without a subscription: the 4th episode leads to the plans.
    const fourth = page.locator('.comics-episode-row').nth(3).getByRole('button', { name: 'Open' })
    await expect.poll(() => fourth.isEnabled()).toBe(true)
    await fourth.click()
    await page.waitForURL(`${stack.adultOrigin}/premium`)

    await expect.poll(() => page.getByRole('heading', { name: 'PLEASE SELECT A PRODUCT' }).isVisible()).toBe(true)
    await expect.poll(() => selectedPlan(page)).toBe('4weeks')
    const pay = page.getByRole('button', { name: 'Select and Pay' })
    expect(await pay.isDisabled()).toBe(true)
    await screenshotBothSizes(page, 'premium')
    await page.getByLabel('I have read and agree to the Terms and Conditions and Privacy Policy').check()
    await expect.poll(() => pay.isEnabled()).toBe(true)
    await page.getByLabel('I have read and agree to the Terms and Conditions and Privacy Policy').uncheck()
    await expect.poll(() => pay.isDisabled()).toBe(true)

    await payForSelectedPlan(page, stack.adultOrigin)
    const benefits = page.getByRole('region', { name: 'YOUR BENEFITS' })
    await expect.poll(() => benefits.getByRole('heading', { name: 'Premium · 4 weeks' }).isVisible(), { timeout: 20_000 }).toBe(true)
    await expect.poll(() => benefits.getByRole('link', { name: 'Upgrade Plan' }).isVisible()).toBe(true)
    await screenshotBothSizes(page, 'account')

    // The badge names the plan, YOUR BENEFITS says when it renews, the top bar offers an upgrade, not Premium.
    expect(await page.locator('.comics-account-header__badge').textContent()).toBe('Premium · 4 weeks')
    expect(await benefits.getByText(/^Renews on /).isVisible()).toBe(true)
    expect(await page.getByRole('banner').getByRole('button', { name: 'Upgrade' }).isVisible()).toBe(true)
    expect(await page.getByRole('banner').getByRole('button', { name: 'Premium' }).count()).toBe(0)

    // Level 2: every episode, but not the uncensored edition.
    await page.goto(`${stack.adultOrigin}/comic/${comic.id}/${comic.chapterIds[3]}`)
    await expect.poll(() => page.getByRole('img', { name: /^Page 1 of \d+$/ }).isVisible()).toBe(true)
    // LAST READ says where the reader stopped and leads back there.
    await page.goto(`${stack.adultOrigin}/account`)
    const lastRead = page.getByRole('region', { name: 'LAST READ' })
    await expect.poll(() => lastRead.getByText(/ · page 1 of \d+$/).isVisible()).toBe(true)
    expect(await lastRead.getByRole('link', { name: /^Continue reading '/ }).getAttribute('href')).toBe(`/comic/${comic.id}/${comic.chapterIds[3]}`)
    await screenshotPhoneAndDesktop(page, 'account-subscriber')
    await page.goto(comicPage)
    const readUncensored = page.getByRole('button', { name: '🔥Read Uncensored' })
    await expect.poll(() => readUncensored.isEnabled()).toBe(true)
    await readUncensored.click()
    await page.waitForURL(`${stack.adultOrigin}/premium`)

    // The plan one level up is offered first; paying it makes level 3.
    await expect.poll(() => selectedPlan(page)).toBe('12weeks')
    await payForSelectedPlan(page, stack.adultOrigin)
    await expect.poll(() => page.getByRole('region', { name: 'YOUR BENEFITS' }).getByRole('heading', { name: 'Premium · 12 weeks' }).isVisible(), { timeout: 20_000 }).toBe(true)

    await page.goto(comicPage)
    await expect.poll(() => readUncensored.isEnabled()).toBe(true)
    await readUncensored.click()
    await page.waitForURL(`${comicPage}/uncensored`)
    await expect.poll(() => page.getByRole('button', { name: '🔥Read Uncensored' }).count()).toBe(0)
    await screenshotBothSizes(page, 'comic-page-uncensored')

    await page.locator('.comics-episode-row').first().getByRole('link', { name: 'Open' }).click()
    await page.waitForURL(`${comicPage}/${comic.chapterIds[0]}/uncensored`)
    const firstPage = page.getByRole('img', { name: /^Page 1 of \d+$/ })
    await expect.poll(() => firstPage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
    // The pages came from the uncensored variant (the kit may have prefetched them before the click).
    expect(
      uncensoredPageLists.some((request) => request.body.includes(`"${comic.chapterIds[0]}"`) && request.status === 200),
    ).toBe(true)
    await screenshotBothSizes(page, 'reader-uncensored')
  })
})
