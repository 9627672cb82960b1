import { expect } from 'vitest'
import type { BrowserContext, Page } from 'playwright'

export interface VisitorState {
  /** Answered Yes to the age question before (adult host). Default true. */
  ageVerified?: boolean
  /** The stored cookie choice; null leaves it unset so the banner shows. Default 'rejected'. */
  consent?: 'accepted' | 'rejected' | null
}

/**
 * What a returning visitor's browser already stores, written before any page script runs and only
 * where nothing is stored yet, so the choices a test makes on the page stand.
 */
export async function prepareVisitor(context: BrowserContext, state: VisitorState = {}): Promise<void> {
  const entries: [string, string][] = []
  if (state.ageVerified ?? true) entries.push(['isUserPassAgeVerification', 'true'])
  const consent = state.consent === undefined ? 'rejected' : state.consent
  if (consent) entries.push(['google-analytics-consent', JSON.stringify(consent)])
  await context.addInitScript((pairs: [string, string][]) => {
    // Init scripts run in every frame; only the site's own page is the visitor's.
    // A new tab's about:blank has no storage of its own (reading it throws): it is no page of the site.
    if (window.top !== window || location.protocol === 'about:') return
    for (const [key, value] of pairs) if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value)
  }, entries)
}

let accounts = 0
/** An address no other test or run has used (the Auth emulator is shared between runs). */
export function uniqueEmail(role: string): string {
  accounts += 1
  return `${role}-${Date.now().toString(36)}-${process.pid}-${accounts}@example.com`
}

export const PASSWORD = 'reading-4-fun'

/** The auth modal of the page. */
export const authDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByLabel('Your Email') })

/**
 * Opens the auth modal with the top bar's Sign In, as a reader would: a press that lands on the server's
 * HTML before the page has hydrated does nothing, so when no modal has come after a while the reader
 * presses again (once the modal is there it covers the button).
 */
export async function openSignIn(page: Page): Promise<void> {
  const dialog = authDialog(page)
  const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign In' })
  for (let press = 1; ; press++) {
    await signIn.click({ timeout: press === 1 ? undefined : 2_000 }).catch((error: unknown) => {
      if (press === 1) throw error
    })
    try {
      await dialog.waitFor({ state: 'visible', timeout: 6_000 })
      return
    } catch (error) {
      if (press === 3) throw error
    }
  }
}

/** Signs up with email and password through the top bar's Sign In and the modal's 'Not a member?'. */
export async function signUpByEmail(page: Page, email: string, password = PASSWORD): Promise<void> {
  await openSignIn(page)
  await submitAuthModal(page, email, password, 'sign-up')
}

/** Fills and submits the open auth modal, in sign-up mode when asked, and waits for it to close. */
export async function submitAuthModal(page: Page, email: string, password: string, mode: 'sign-in' | 'sign-up'): Promise<void> {
  const dialog = authDialog(page)
  await expect.poll(() => dialog.isVisible()).toBe(true)
  if (mode === 'sign-up') await dialog.getByRole('button', { name: 'Not a member?' }).click()
  await dialog.getByLabel('Your Email').fill(email)
  await dialog.getByLabel('Your Password').fill(password)
  await dialog.locator('form').getByRole('button', { name: mode === 'sign-up' ? 'Sign Up' : 'Sign In', exact: true }).click()
  await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(false)
}
