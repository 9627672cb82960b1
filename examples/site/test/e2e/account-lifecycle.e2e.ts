import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { oobCodes, signIn } from '@comics/auth-emulator'
import { chromiumPerFile } from '@comics/test-stack/browser'
import { payForSelectedPlan, selectedPlan } from '@comics/test-stack/premium'
import { e2eStack } from '@comics/test-stack/stack'
import { PASSWORD, prepareVisitor, signUpByEmail, uniqueEmail } from '@comics/test-stack/visitor'

// A reader's account over its life: the address confirmed after sign-up, then changed (re-authenticated,
// the new address confirmed), and the account deleted from the account page.
const stack = e2eStack()
const chromium = chromiumPerFile()

const prompt = (page: Page) => page.getByRole('region', { name: 'Confirm your email address' })

/**
 * The site's address for the last link of `requestType` the emulator issued for `email`: the link's
 * parameters on /auth/action, as Firebase builds it when the project's action URL is the site's page.
 */
async function actionLinkFor(origin: string, email: string, requestType: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(
      async () => {
        link = (await oobCodes(stack.emulatorHost)).filter((code) => code.email === email && code.requestType === requestType).at(-1)?.oobLink
        return link !== undefined
      },
      { timeout: 20_000 },
    )
    .toBe(true)
  return `${origin}/auth/action${new URL(link!).search}`
}

const storedUser = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('authUser') ?? 'null') as { email: string; emailVerified: boolean } | null)

describe('verified email and change of email', () => {
  test('after sign-up the reader is asked to confirm; the mailed link confirms; then the address is changed through a link to the new one', async () => {
    const visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    const email = uniqueEmail('verify')
    const origin = stack.mirrorOrigin
    await page.goto(`${origin}/`)
    await signUpByEmail(page, email)

    // Asked to confirm, the link already sent, a resend only after the cooldown.
    await expect.poll(() => prompt(page).isVisible(), { timeout: 20_000 }).toBe(true)
    // The prompt shows as soon as the account is signed in; 'sent' once the provider took the send.
    await expect.poll(() => prompt(page).textContent(), { timeout: 20_000 }).toContain(`We sent a link to ${email}`)
    expect(await prompt(page).getByRole('button', { name: /^Send again in \d+ seconds$/ }).isDisabled()).toBe(true)
    expect((await storedUser(page))?.emailVerified).toBe(false)

    await page.goto(await actionLinkFor(origin, email, 'VERIFY_EMAIL'))
    const confirmed = page.getByText('Your email address is confirmed.')
    await expect.poll(() => confirmed.isVisible(), { timeout: 20_000 }).toBe(true)
    await expect.poll(async () => (await storedUser(page))?.emailVerified).toBe(true)
    await page.getByRole('button', { name: 'Continue' }).click()
    // Back where the reader signed up, with nothing left to confirm.
    await expect.poll(() => page.url()).toBe(`${origin}/`)
    await expect.poll(() => prompt(page).count()).toBe(0)

    // Change of email: the password re-verified, a link to the new address, which then signs in.
    const newEmail = uniqueEmail('moved')
    await page.goto(`${origin}/account`)
    await page.getByRole('button', { name: 'Change email' }).click()
    const dialog = page.getByRole('dialog', { name: 'Change email' })
    await dialog.getByLabel('New email address').fill(newEmail)
    await dialog.getByLabel('Your password').fill('not-the-password')
    await dialog.getByRole('button', { name: 'Send the confirmation link' }).click()
    await expect.poll(() => dialog.getByRole('alert').isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await dialog.getByLabel('New email address').inputValue()).toBe(newEmail)
    await dialog.getByLabel('Your password').fill(PASSWORD)
    await dialog.getByRole('button', { name: 'Send the confirmation link' }).click()
    await expect.poll(() => dialog.getByRole('status').textContent(), { timeout: 20_000 }).toContain(`We sent a link to ${newEmail}.`)
    // Until the link is opened the old address still signs in.
    await expect(signIn(stack.emulatorHost, email, PASSWORD)).resolves.toMatchObject({ uid: expect.any(String) })

    // The emulator files the change's link under the current address.
    await page.goto(await actionLinkFor(origin, email, 'VERIFY_AND_CHANGE_EMAIL'))
    await expect.poll(() => page.getByText('Your email address is changed.').isVisible(), { timeout: 20_000 }).toBe(true)
    await expect(signIn(stack.emulatorHost, newEmail, PASSWORD)).resolves.toMatchObject({ uid: expect.any(String) })
    await expect(signIn(stack.emulatorHost, email, PASSWORD)).rejects.toThrow()
  })
})

describe('delete my account', () => {
  test('a subscriber deletes the account after re-authenticating: signed out, the address no longer signs in, the old token is refused', async () => {
    const visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    const email = uniqueEmail('leaving')
    const origin = stack.adultOrigin
    await page.goto(`${origin}/`)
    await signUpByEmail(page, email)
    await page.goto(`${origin}/premium`)
    await expect.poll(() => selectedPlan(page)).not.toBeNull()
    await payForSelectedPlan(page, origin)
    const token = await page.evaluate(() => JSON.parse(window.localStorage.getItem('authToken') ?? 'null') as string | null)
    const exportWith = (idToken: string | null) => fetch(`${stack.apiUrl}/api/v1/me/export`, { headers: { authorization: `Bearer ${idToken}` } })
    // The token the browser holds works before the deletion.
    expect((await exportWith(token)).status).toBe(200)

    const open = page.getByRole('button', { name: 'Delete my account' })
    await expect.poll(() => open.isVisible(), { timeout: 20_000 }).toBe(true)
    await open.click()
    const dialog = page.getByRole('dialog', { name: 'Delete my account' })
    expect(await dialog.textContent()).toContain('which the law requires us to keep')
    // A wrong password deletes nothing.
    await dialog.getByLabel('Your password').fill('not-the-password')
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click()
    await expect.poll(() => dialog.getByRole('alert').isVisible(), { timeout: 20_000 }).toBe(true)
    await expect(signIn(stack.emulatorHost, email, PASSWORD)).resolves.toMatchObject({ uid: expect.any(String) })

    await dialog.getByLabel('Your password').fill(PASSWORD)
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click()
    // Home, signed out.
    await expect.poll(() => page.url(), { timeout: 20_000 }).toBe(`${origin}/`)
    await expect.poll(() => page.getByRole('banner').getByRole('button', { name: 'Sign In' }).isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await page.evaluate(() => window.localStorage.getItem('authToken'))).toBeNull()

    await expect(signIn(stack.emulatorHost, email, PASSWORD)).rejects.toThrow()
    expect((await exportWith(token)).status).toBe(401)
  })
})
