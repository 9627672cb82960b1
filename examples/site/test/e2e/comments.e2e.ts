import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { chromiumPerFile } from '@comics/test-stack/browser'
import { screenshotBothSizes } from '@comics/test-stack/screenshots'
import { e2eStack } from '@comics/test-stack/stack'
import { prepareVisitor, signUpByEmail, uniqueEmail } from '@comics/test-stack/visitor'

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

describe('comments below an episode', () => {
  test('two readers comment, reply and like; markup shows as text', async () => {
    const first = await chromium.open()
    await prepareVisitor(first.context)
    await first.page.goto(stack.mirrorOrigin)
    await signUpByEmail(first.page, uniqueEmail('commenter'))
    await first.page.goto(readerUrl)
    const comments = await toComments(first.page)
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
    await second.page.goto(stack.mirrorOrigin)
    await signUpByEmail(second.page, uniqueEmail('replier'))
    await second.page.goto(readerUrl)
    const theirs = await toComments(second.page)
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
})
