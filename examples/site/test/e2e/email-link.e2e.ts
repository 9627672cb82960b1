import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { oobCodes } from '@comics/auth-emulator'
import { chromiumPerFile } from '@comics/test-stack/browser'
import { e2eStack } from '@comics/test-stack/stack'
import { authDialog, openSignIn, prepareVisitor, uniqueEmail } from '@comics/test-stack/visitor'

// spec §7 "Sign in with an email link": the sign-in modal sends it, the site finishes it when the reader
// comes back from the Auth emulator's link (its action page redirects to the continue URL with the code).
const stack = e2eStack()
const chromium = chromiumPerFile()

const finishDialog = (page: Page) => page.getByRole('dialog', { name: 'Finish signing in' })
const accountLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Account' })
const rememberedEmail = (page: Page) => page.evaluate(() => window.localStorage.getItem('emailForSignIn'))

/** The sign-in link the emulator issued for `email` last. */
async function signInLinkFor(email: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(async () => {
      link = (await oobCodes(stack.emulatorHost)).filter((code) => code.email === email && code.requestType === 'EMAIL_SIGNIN').at(-1)?.oobLink
      return link !== undefined
    })
    .toBe(true)
  return link!
}

/** Opens `path` on the mirror host as a visitor and asks the sign-in modal for a link to `email`. */
async function requestLink(page: Page, path: string, email: string): Promise<string> {
  await page.goto(`${stack.mirrorOrigin}${path}`)
  await openSignIn(page)
  const dialog = authDialog(page)
  await expect.poll(() => dialog.isVisible()).toBe(true)
  await dialog.getByLabel('Your Email').fill(email)
  await dialog.getByRole('button', { name: 'Email me a sign-in link' }).click()
  const sent = page.getByRole('dialog', { name: 'Check your email' })
  await expect.poll(() => sent.isVisible()).toBe(true)
  expect(await sent.textContent()).toContain(`We sent a sign-in link to ${email}.`)
  return signInLinkFor(email)
}

describe('email-link sign-in', () => {
  test('opened in the browser that asked for it, the link signs in at once and leaves the page it was asked from', async () => {
    const visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    const email = uniqueEmail('link-same')
    const comicPath = `/comic/${stack.catalogue.mirrorComic.id}`
    const link = await requestLink(page, comicPath, email)
    expect(await rememberedEmail(page)).toBe(JSON.stringify(email))
    await page.getByRole('dialog', { name: 'Check your email' }).getByRole('button', { name: 'Close' }).click()

    await page.goto(link)
    await expect.poll(() => accountLink(page).isVisible(), { timeout: 20_000 }).toBe(true)
    // Back on the page it was asked from, without the one-time code in the address.
    await expect.poll(() => page.url()).toBe(`${stack.mirrorOrigin}${comicPath}`)
    expect(await finishDialog(page).isVisible()).toBe(false)
    expect(await rememberedEmail(page)).toBeNull()
    expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('authUser') ?? 'null')?.email)).toBe(email)
  })

  test('opened in another browser, it asks for the address: a wrong one is refused and kept, the right one signs in; the spent link says so', async () => {
    const asking = await chromium.open()
    await prepareVisitor(asking.context)
    const email = uniqueEmail('link-other')
    const link = await requestLink(asking.page, '/', email)

    const other = await chromium.open()
    await prepareVisitor(other.context)
    const { page } = other
    await page.goto(link)
    const dialog = finishDialog(page)
    await expect.poll(() => dialog.isVisible()).toBe(true)
    expect(await dialog.getByText('Enter the email address the sign-in link was sent to.').isVisible()).toBe(true)
    const field = dialog.getByLabel('Your Email')
    await field.fill('someone-else@example.com')
    await dialog.getByRole('button', { name: 'Sign In' }).click()
    await expect
      .poll(() => dialog.getByRole('alert').textContent(), { timeout: 20_000 })
      .toBe('This sign-in link was sent to a different email address. Enter the address you asked for the link with.')
    expect(await field.inputValue()).toBe('someone-else@example.com')
    expect(await accountLink(page).isVisible()).toBe(false)

    await field.fill(email)
    await dialog.getByRole('button', { name: 'Sign In' }).click()
    await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(false)
    await expect.poll(() => accountLink(page).isVisible()).toBe(true)
    expect(page.url()).toBe(`${stack.mirrorOrigin}/`)

    // The same link again, in a third browser: spent, said plainly, and a new one is one click away.
    const third = await chromium.open()
    await prepareVisitor(third.context)
    await third.page.goto(link)
    const again = finishDialog(third.page)
    await expect.poll(() => again.isVisible()).toBe(true)
    await again.getByLabel('Your Email').fill(email)
    await again.getByRole('button', { name: 'Sign In' }).click()
    await expect.poll(() => again.getByRole('alert').textContent(), { timeout: 20_000 }).toBe('This link has expired or has already been used.')
    await again.getByRole('button', { name: 'Get a new link' }).click()
    await expect.poll(() => authDialog(third.page).isVisible()).toBe(true)
    expect(third.page.url()).toBe(`${stack.mirrorOrigin}/`)
  })
})
