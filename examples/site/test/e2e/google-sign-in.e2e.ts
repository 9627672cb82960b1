import { describe, expect, test } from 'vitest'
import { chromiumPerFile, type WatchedPage } from '@comics/test-stack/browser'
import { serveGapiStandIn } from '@comics/test-stack/gapiStandIn'
import { e2eStack } from '@comics/test-stack/stack'
import { authDialog, openSignIn, prepareVisitor, uniqueEmail } from '@comics/test-stack/visitor'

const stack = e2eStack()
const emulatorOrigin = `http://${stack.emulatorHost}`
const chromium = chromiumPerFile()
let visit: WatchedPage

describe('Google sign-in', () => {
  test("signs in through the Auth emulator's provider page in a popup", async () => {
    visit = await chromium.open({}, {
      ignoreErrorsOn: [emulatorOrigin],
      // The emulator's helper iframe (a third party here) reads sessionStorage, which Chromium denies it;
      // that error reaches the page without a stack. The popup flow does not need it.
      isForeignError: (error) => error.name === 'SecurityError' && !error.stack && error.message.includes("'sessionStorage'"),
    })
    await prepareVisitor(visit.context)
    // Offline: gapi.iframes gets a stand-in; the emulator's page styles itself from a CDN and works without it.
    await serveGapiStandIn(visit.context)
    await visit.context.route('https://unpkg.com/**', (route) => route.abort())
    const { page, context } = visit
    const email = uniqueEmail('google')
    await page.goto(`${stack.mirrorOrigin}/`)
    await openSignIn(page)

    const popupOpened = context.waitForEvent('page')
    await authDialog(page).getByRole('button', { name: 'Continue With Google' }).click()
    const popup = await popupOpened
    await popup.waitForURL(new RegExp(`^${emulatorOrigin}/emulator/auth/handler`))
    await popup.locator('#add-account-button').click()
    await popup.locator('#email-input').fill(email)
    await popup.locator('#display-name-input').fill('Google Reader')
    await popup.locator('#sign-in').click()

    await expect.poll(() => authDialog(page).isVisible(), { timeout: 30_000 }).toBe(false)
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Account' }).isVisible()).toBe(true)
    await page.getByRole('banner').getByRole('link', { name: 'Account' }).click()
    await expect.poll(() => page.getByText(email).isVisible()).toBe(true)
    // A Google account has no password to change here.
    expect(await page.getByRole('button', { name: 'Change Password' }).count()).toBe(0)
  })
})
