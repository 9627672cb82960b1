import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { createUser, oobCodes, signIn } from '@comics/auth-emulator'
import { chromiumPerFile } from '@comics/test-stack/browser'
import { e2eStack } from '@comics/test-stack/stack'
import { authDialog, openSignIn, prepareVisitor, uniqueEmail } from '@comics/test-stack/visitor'

// Forgot password: the sign-in modal asks for the reset email, the site's email action page /auth/action
// (the project's custom action URL) sets the new password from the link's code and signs the reader in.
const stack = e2eStack()
const chromium = chromiumPerFile()

const OLD_PASSWORD = 'forgotten-1'
const NEW_PASSWORD = 'remembered-2'

const resetPage = (page: Page) => page.getByRole('region', { name: 'Choose a new password' })
const accountLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Account' })

/** The reset codes the emulator issued for `email`. */
const resetCodesFor = async (email: string) =>
  (await oobCodes(stack.emulatorHost)).filter((code) => code.email === email && code.requestType === 'PASSWORD_RESET')

/**
 * The site's address for the reset link the emulator issued for `email` last: the link's parameters on
 * /auth/action, as Firebase builds it when the project's action URL is the site's page.
 */
async function resetLinkFor(email: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(async () => {
      link = (await resetCodesFor(email)).at(-1)?.oobLink
      return link !== undefined
    })
    .toBe(true)
  return `${stack.mirrorOrigin}/auth/action${new URL(link!).search}`
}

/** Opens `path` as a visitor, types `email` in the sign-in modal and asks for a reset; returns the answer. */
async function askForReset(page: Page, path: string, email: string): Promise<string> {
  await page.goto(`${stack.mirrorOrigin}${path}`)
  await openSignIn(page)
  const dialog = authDialog(page)
  await expect.poll(() => dialog.isVisible()).toBe(true)
  await dialog.getByLabel('Your Email').fill(email)
  await dialog.getByRole('button', { name: 'Forgot password?' }).click()
  const sent = page.getByRole('dialog', { name: 'Check your email' })
  await expect.poll(() => sent.isVisible(), { timeout: 20_000 }).toBe(true)
  return (await sent.getByRole('paragraph').first().textContent()) ?? ''
}

describe('forgot password', () => {
  test('the reset link opens the site page: a differing confirmation is refused, the new password is saved, the reader is signed in where the reset was asked from', async () => {
    const email = uniqueEmail('reset')
    await createUser(stack.emulatorHost, { email, password: OLD_PASSWORD })
    const visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    const comicPath = `/comic/${stack.catalogue.mirrorComic.id}`
    expect(await askForReset(page, comicPath, email)).toBe(
      `If an account exists for ${email}, we sent it a link to choose a new password.`,
    )

    await page.goto(await resetLinkFor(email))
    const view = resetPage(page)
    await expect.poll(() => view.getByText(`For ${email}`).isVisible(), { timeout: 20_000 }).toBe(true)
    await view.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await view.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}x`)
    await view.getByRole('button', { name: 'Save and sign in' }).click()
    expect(await view.getByRole('alert').textContent()).toBe("Passwords doesn't match")
    expect(await view.getByLabel('New password', { exact: true }).inputValue()).toBe(NEW_PASSWORD)

    await view.getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await view.getByRole('button', { name: 'Save and sign in' }).click()
    await expect.poll(() => accountLink(page).isVisible(), { timeout: 20_000 }).toBe(true)
    await expect.poll(() => page.url()).toBe(`${stack.mirrorOrigin}${comicPath}`)
    expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('authUser') ?? 'null')?.email)).toBe(email)

    // The new password signs in, the old one no longer does.
    await expect(signIn(stack.emulatorHost, email, NEW_PASSWORD)).resolves.toMatchObject({ uid: expect.any(String) })
    await expect(signIn(stack.emulatorHost, email, OLD_PASSWORD)).rejects.toThrow()
  })

  test('an address without an account gets the same answer, and no link is sent', async () => {
    const visit = await chromium.open()
    await prepareVisitor(visit.context)
    const email = uniqueEmail('reset-nobody')
    expect(await askForReset(visit.page, '/', email)).toBe(
      `If an account exists for ${email}, we sent it a link to choose a new password.`,
    )
    expect(await resetCodesFor(email)).toEqual([])
  })

  test('a spent link says so and offers a new one', async () => {
    const email = uniqueEmail('reset-spent')
    await createUser(stack.emulatorHost, { email, password: OLD_PASSWORD })
    const visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    await askForReset(page, '/', email)
    const link = await resetLinkFor(email)
    // Spent elsewhere first: the code sets a password once.
    const code = new URL(link).searchParams.get('oobCode')!
    const used = await fetch(
      `http://${stack.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-api-key`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ oobCode: code, newPassword: NEW_PASSWORD }) },
    )
    expect(used.ok).toBe(true)

    await page.goto(link)
    const view = resetPage(page)
    await expect
      .poll(() => view.getByRole('alert').textContent(), { timeout: 20_000 })
      .toBe('This link has expired or has already been used.')
    await view.getByRole('button', { name: 'Get a new link' }).click()
    await expect.poll(() => authDialog(page).isVisible()).toBe(true)
  })
})
