import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { chromiumPerFile } from '@comics/test-stack/browser'
import { screenshotBothSizes } from '@comics/test-stack/screenshots'
import { e2eStack } from '@comics/test-stack/stack'
import { createUser } from '@comics/auth-emulator'
import { openSignIn, PASSWORD, prepareVisitor, signUpByEmail, submitAuthModal, uniqueEmail } from '@comics/test-stack/visitor'

const stack = e2eStack()
const comic = stack.catalogue.mirrorComic
const readerUrl = `${stack.mirrorOrigin}/comic/${comic.id}/${comic.chapterIds[0]}`
const chromium = chromiumPerFile()
const MARKUP = '<script>window.__hacked = 1</script><img src=x onerror="window.__hacked = 2">'

/** Scrolls the reader's strip to its end, where the comments sit. */
async function toComments(page: Page) {
  await expect.poll(() => page.getByRole('img', { name: /^Page 1 of \d+$/ }).count()).toBe(1)
  const comments = page.locator('.comics-comments')
  // Scrolled to the end until the comments show (they render once the pages are shown).
  await expect
    .poll(async () => {
      await page.locator('.comics-reader__main').evaluate((strip: HTMLElement) => strip.scrollTo(0, strip.scrollHeight))
      return comments.count()
    })
    .toBe(1)
  await comments.scrollIntoViewIfNeeded()
  await expect.poll(() => comments.getAttribute('data-state')).not.toBe('loading')
  return comments
}

/** Signs a new reader up by email on the mirror host, then opens the episode at its comments. */
async function signUpThenComments(page: Page, who: string) {
  await page.goto(stack.mirrorOrigin)
  await signUpByEmail(page, uniqueEmail(who))
  await page.goto(readerUrl)
  return toComments(page)
}

describe('comments below an episode', () => {
  test('two readers comment, reply and like; markup shows as text', async () => {
    const first = await chromium.open()
    await prepareVisitor(first.context)
    const comments = await signUpThenComments(first.page, 'commenter')
    const text = `Loved it ${Date.now()}`
    await comments.getByRole('textbox', { name: 'Write a comment' }).fill(text)
    await comments.getByRole('button', { name: 'Post' }).click()
    await expect.poll(() => comments.getByText(text).isVisible()).toBe(true)
    // The form empties once the comment is in the list.
    await expect.poll(() => comments.getByRole('textbox', { name: 'Write a comment' }).inputValue()).toBe('')
    await comments.getByRole('textbox', { name: 'Write a comment' }).fill(MARKUP)
    await comments.getByRole('button', { name: 'Post' }).click()
    await expect.poll(() => comments.getByText(MARKUP).isVisible()).toBe(true)
    expect(await comments.locator('script, img[src="x"]').count()).toBe(0)
    expect(await first.page.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined()

    const second = await chromium.open()
    await prepareVisitor(second.context)
    await second.page.goto(readerUrl)
    const asGuest = await toComments(second.page)
    await expect.poll(() => asGuest.getByText(text).isVisible()).toBe(true)
    await asGuest.getByRole('button', { name: 'Sign in to comment' }).click()
    await expect.poll(() => second.page.getByRole('dialog').filter({ has: second.page.getByLabel('Your Email') }).isVisible()).toBe(true)
    await second.page.keyboard.press('Escape')
    const theirs = await signUpThenComments(second.page, 'replier')
    const thread = theirs.locator('article', { hasText: text })
    await thread.getByRole('button', { name: /^Like, 0 likes/ }).click()
    await expect.poll(() => thread.getByRole('button', { name: /^Like, 1 like$/ }).getAttribute('aria-pressed')).toBe('true')
    await thread.getByRole('button', { name: 'Reply' }).click()
    await theirs.getByRole('textbox', { name: 'Write a reply' }).fill('Me too')
    await theirs.locator('form', { has: second.page.getByRole('textbox', { name: 'Write a reply' }) }).getByRole('button', { name: 'Post' }).click()
    await expect.poll(() => theirs.getByText('Me too').isVisible()).toBe(true)

    await first.page.reload()
    const again = await toComments(first.page)
    await expect.poll(() => again.getByText('Me too').isVisible()).toBe(true)
    await expect.poll(() => again.locator('article', { hasText: text }).getByRole('button', { name: /^Like, 1 like$/ }).isVisible()).toBe(true)
    await again.scrollIntoViewIfNeeded()
    await screenshotBothSizes(first.page, 'comments-below-episode')
  })

  test('a report reaches the admin, who hides the comment and suspends its author: the reader no longer sees it, and the author cannot post (what they typed stays)', async () => {
    const author = await chromium.open()
    await prepareVisitor(author.context)
    const authorsView = await signUpThenComments(author.page, 'offender')
    const text = `Rude remark ${Date.now()}`
    await authorsView.getByRole('textbox', { name: 'Write a comment' }).fill(text)
    await authorsView.getByRole('button', { name: 'Post' }).click()
    await expect.poll(() => authorsView.getByText(text).isVisible()).toBe(true)

    const reporter = await chromium.open()
    await prepareVisitor(reporter.context)
    const reportersView = await signUpThenComments(reporter.page, 'reporter')
    const reported = reportersView.locator('article', { hasText: text })
    await reported.getByRole('button', { name: 'Report' }).click()
    await reported.getByRole('radio', { name: 'Abuse or harassment' }).check()
    await reported.getByRole('button', { name: 'Send report' }).click()
    await expect.poll(() => reported.getByRole('status').textContent()).toBe('Thanks, a moderator will look at it.')

    // The admin (the claim the README's grant-admin script sets) signs in on the site and opens the queue.
    const adminEmail = uniqueEmail('moderator')
    await createUser(stack.emulatorHost, { email: adminEmail, password: PASSWORD, claims: { admin: true } })
    const admin = await chromium.open()
    await prepareVisitor(admin.context)
    await admin.page.goto(`${stack.mirrorOrigin}/admin`)
    await openSignIn(admin.page)
    await submitAuthModal(admin.page, adminEmail, PASSWORD, 'sign-in')
    await admin.page.getByRole('tab', { name: 'Comments', exact: true }).click()
    const queue = admin.page.getByRole('region', { name: 'Reported comments' })
    const item = queue.getByRole('listitem').filter({ hasText: text })
    await expect.poll(() => item.getByText('1 report').isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await item.getByText('Abuse or harassment').isVisible()).toBe(true)
    // The author first (the queue's item goes once its reports are closed), then the comment.
    await item.getByLabel('Suspend for').selectOption({ label: '7 days' })
    await item.getByRole('button', { name: 'Suspend author' }).click()
    await expect.poll(() => item.getByText(/Suspended until/).isVisible()).toBe(true)
    await item.scrollIntoViewIfNeeded()
    await screenshotBothSizes(admin.page, 'comments-moderation')
    await item.getByRole('button', { name: 'Hide' }).click()
    await expect.poll(() => item.count()).toBe(0)
    // Both are in the audit log, in words.
    await admin.page.reload()
    await admin.page.getByRole('tab', { name: 'Audit log', exact: true }).click()
    const audit = admin.page.getByRole('region', { name: 'Audit log' })
    const rows = audit.getByRole('row').filter({ hasText: adminEmail })
    await expect.poll(() => rows.allTextContents(), { timeout: 20_000 }).toEqual([
      expect.stringMatching(/Hid.*Comment \d+/),
      expect.stringMatching(/Suspended its author.*Comment \d+/),
    ])

    // The reader's view no longer has the hidden comment.
    await reporter.page.reload()
    const afterHide = await toComments(reporter.page)
    await expect.poll(() => afterHide.locator('article', { hasText: text }).count()).toBe(0)

    // The suspended author is refused, and what they typed is still there to post later.
    await author.page.reload()
    const refused = await toComments(author.page)
    const second = `And another ${Date.now()}`
    await refused.getByRole('textbox', { name: 'Write a comment' }).fill(second)
    await refused.getByRole('button', { name: 'Post' }).click()
    await expect
      .poll(() => refused.getByText('You cannot comment for now: commenting is suspended for your account.').isVisible())
      .toBe(true)
    expect(await refused.getByRole('textbox', { name: 'Write a comment' }).inputValue()).toBe(second)
    expect(await refused.locator('article', { hasText: second }).count()).toBe(0)
  })
})
