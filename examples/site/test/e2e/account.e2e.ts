import { describe, expect, test } from 'vitest'
import { chromiumPerFile, type WatchedPage } from '@comics/test-stack/browser'
import { screenshotBothSizes, screenshotPhoneAndDesktop } from '@comics/test-stack/screenshots'
import { e2eStack } from '@comics/test-stack/stack'
import { authDialog, openSignIn, PASSWORD, prepareVisitor, signUpByEmail, submitAuthModal, uniqueEmail } from '@comics/test-stack/visitor'

const stack = e2eStack()
const chromium = chromiumPerFile()
let visit: WatchedPage

describe('the account page', () => {
  test('changes the password (mismatch and wrong old password shown), logs out clearing storage, signs in with the new one', async () => {
    visit = await chromium.open()
    await prepareVisitor(visit.context, { consent: 'accepted' })
    const { page, consoleLines } = visit
    const email = uniqueEmail('account')
    // A guest who opens /account is sent home.
    await page.goto(`${stack.mirrorOrigin}/account`)
    await page.waitForURL(`${stack.mirrorOrigin}/`)
    await screenshotPhoneAndDesktop(page, 'account-guest')
    await signUpByEmail(page, email)
    await page.getByRole('banner').getByRole('link', { name: 'Account' }).click()
    await page.waitForURL(`${stack.mirrorOrigin}/account`)
    await expect.poll(() => page.getByRole('heading', { name: 'MY ACCOUNT', exact: true }).isVisible()).toBe(true)
    // The page-view event of the account page, through the consented analytics sink.
    await expect.poll(() => consoleLines.filter((line) => line.startsWith('[analytics] page_view')).length).toBe(1)
    await expect.poll(() => page.getByText('Basic', { exact: true }).isVisible()).toBe(true)
    expect(await page.getByRole('region', { name: 'INFO' }).getByText(email).isVisible()).toBe(true)
    await expect.poll(() => page.getByText("YOU DON'T HAVE MEMBERSHIP").isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Become a Member' }).isVisible()).toBe(true)
    // The page is light pink (spec §2).
    expect(await page.locator('.site-layout').evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgb(255, 255, 255)')
    // A reader without a subscription is offered Premium; every section is a card with the one heading style.
    expect(await page.getByRole('banner').getByRole('button', { name: 'Premium' }).isVisible()).toBe(true)
    const headingStyles = await page.locator('.site-account .comics-card > h2, .site-account .comics-card > * > h2').evaluateAll((headings) =>
      headings.map((heading) => {
        const style = getComputedStyle(heading)
        return `${style.fontSize} ${style.fontWeight} ${style.textTransform}`
      }),
    )
    expect(headingStyles.length).toBeGreaterThanOrEqual(5)
    expect(new Set(headingStyles).size).toBe(1)
    // The unconfirmed address's bar is one row and its action on a phone, not a block pushing the page down.
    const confirmBar = page.getByRole('region', { name: 'Confirm your email address' })
    await screenshotPhoneAndDesktop(page, 'account-reader', async (size) => {
      await expect.poll(() => confirmBar.isVisible()).toBe(true)
      const height = await confirmBar.evaluate((element) => element.getBoundingClientRect().height)
      expect(height, `the bar at ${size.width} px`).toBeLessThanOrEqual(64)
    })

    await page.getByRole('button', { name: 'Change Password' }).click()
    const dialog = page.getByRole('dialog', { name: 'Change Password' })
    await expect.poll(() => dialog.isVisible()).toBe(true)
    await dialog.getByLabel('Old password').fill(PASSWORD)
    await dialog.getByLabel('New password', { exact: true }).fill('new-secret-1')
    await dialog.getByLabel('Confirm new password').fill('new-secret-2')
    await dialog.getByRole('button', { name: 'Change Password' }).click()
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe("Passwords doesn't match")
    await screenshotBothSizes(page, 'change-password')

    await dialog.getByLabel('Old password').fill('not-my-password')
    await dialog.getByLabel('Confirm new password').fill('new-secret-1')
    await dialog.getByRole('button', { name: 'Change Password' }).click()
    await expect.poll(() => dialog.getByRole('alert').textContent(), { timeout: 20_000 }).toMatch(/^(Incorrect password\.|The email or password is incorrect\.)$/)

    await dialog.getByLabel('Old password').fill(PASSWORD)
    await dialog.getByLabel('New password', { exact: true }).fill('new-secret-1')
    await dialog.getByLabel('Confirm new password').fill('new-secret-1')
    await dialog.getByRole('button', { name: 'Change Password' }).click()
    await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(false)

    expect(await page.evaluate(() => window.localStorage.getItem('authToken'))).not.toBeNull()
    await page.getByRole('button', { name: 'Log Out' }).click()
    await page.waitForURL(`${stack.mirrorOrigin}/`)
    await expect.poll(() => page.evaluate(() => [window.localStorage.getItem('authUser'), window.localStorage.getItem('authToken')])).toEqual([null, null])
    await expect.poll(() => page.getByRole('banner').getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true)

    await openSignIn(page)
    await submitAuthModal(page, email, 'new-secret-1', 'sign-in')
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Account' }).isVisible()).toBe(true)
    expect(await authDialog(page).isVisible()).toBe(false)
  })
})
