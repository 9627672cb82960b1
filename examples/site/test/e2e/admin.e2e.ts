import { describe, expect, test } from 'vitest'
import { chromiumPerFile, type WatchedPage } from '@comics/test-stack/browser'
import { grantAdmin as grantAdminOn } from '@comics/test-stack/grantAdmin'
import { renderPngs } from '@comics/test-stack/pageImages'
import { screenshotBothSizes, screenshotPhoneAndDesktop } from '@comics/test-stack/screenshots'
import { e2eStack } from '@comics/test-stack/stack'
import { prepareVisitor, signUpByEmail, uniqueEmail } from '@comics/test-stack/visitor'

const stack = e2eStack()
const chromium = chromiumPerFile()
let visit: WatchedPage

/** The README's way to become admin: the API's grant-admin script against the emulator. */
const grantAdmin = (email: string) => grantAdminOn(email, stack.emulatorHost)

describe('the admin screen', () => {
  test('refuses a reader; once granted by the script, uploads a comic with episodes and pages that Categories lists and the reader shows, adds a mature genre, edits and deletes the comic', async () => {
    visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    const email = uniqueEmail('admin')
    await page.goto(`${stack.adultOrigin}/admin`)
    await expect.poll(() => page.getByRole('heading', { name: 'Not allowed' }).isVisible()).toBe(true)
    await signUpByEmail(page, email)
    await expect.poll(() => page.getByText(`The account ${email} is not an admin.`, { exact: false }).isVisible()).toBe(true)
    // A plain refusal with a way back: nothing of how access is granted (an operator's command) is shown.
    const refusal = page.getByRole('region', { name: 'Not allowed' })
    expect(await refusal.textContent()).not.toMatch(/grant-admin|pnpm|claim/)
    expect(await refusal.getByRole('link', { name: 'Back to main' }).getAttribute('href')).toBe('/')
    await screenshotBothSizes(page, 'admin-not-allowed')

    const granted = await grantAdmin(email)
    expect(granted).toContain('is now an admin')
    const uid = /\(([^)]+)\) is now an admin/.exec(granted)![1]!
    await page.getByRole('button', { name: 'Refresh my access' }).click()
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Admin' }).isVisible(), { timeout: 20_000 }).toBe(true)

    // The console is in sections, one shown at a time, the one open kept across a reload.
    const tab = (name: string) => page.getByRole('tab', { name, exact: true })
    expect(await page.getByRole('tablist', { name: 'Sections' }).getByRole('tab').allTextContents()).toEqual(['Comics', 'Genres', 'Comments', 'Coins and payments', 'Audit log'])
    expect(await tab('Comics').getAttribute('aria-selected')).toBe('true')
    expect(await page.getByLabel('Reader id').isVisible()).toBe(false)
    // A reader's coins: the balance, a support credit with its reason, the history; the top bar follows.
    await tab('Coins and payments').click()
    await page.getByLabel('Reader id').fill(uid)
    await page.getByRole('button', { name: 'Show coins' }).click()
    const coins = page.getByRole('region', { name: `Coins of ${uid}` })
    await expect.poll(() => coins.getByText('Balance: 0 coins').isVisible(), { timeout: 15_000 }).toBe(true)
    // Another reader's balance as the admin sees it: not addressed to the admin.
    expect(await coins.getByText(/Your coins/).count()).toBe(0)
    await coins.getByLabel('Coins to credit').fill('0')
    await coins.getByRole('button', { name: 'Credit coins' }).click()
    expect(await coins.getByText('Enter a whole number of coins from 1 to 100000.').isVisible()).toBe(true)
    await coins.getByLabel('Coins to credit').fill('15')
    await coins.getByLabel('Reason (kept in the ledger)').fill('Goodwill for the outage')
    await coins.getByRole('button', { name: 'Credit coins' }).click()
    await expect.poll(() => coins.getByRole('status').textContent(), { timeout: 15_000 }).toBe('15 coins were credited.')
    await expect.poll(() => coins.getByText('Balance: 15 coins').isVisible(), { timeout: 15_000 }).toBe(true)
    await expect.poll(() => coins.getByText('Credit from support: Goodwill for the outage').isVisible(), { timeout: 15_000 }).toBe(true)
    await page.reload()
    await expect
      .poll(() => page.getByRole('banner').getByRole('link', { name: /^Your coins/ }).textContent(), { timeout: 15_000 })
      .toBe('Your coins 15 coins')
    expect(await tab('Coins and payments').getAttribute('aria-selected')).toBe('true')
    await tab('Comics').click()

    const title = `Admin Upload ${Date.now().toString(36)}`
    const [cover, banner, preview1, preview2, page1, page2] = await renderPngs(chromium.browser, [
      { name: 'cover.png', width: 600, height: 800, label: 'Cover' },
      { name: 'banner.png', width: 1200, height: 400, label: 'Banner' },
      { name: 'preview-1.png', width: 320, height: 180, label: 'Episode 1' },
      { name: 'preview-2.png', width: 320, height: 180, label: 'Episode 2' },
      { name: 'page-1.png', width: 800, height: 1200, label: 'Page 1' },
      { name: 'page-2.png', width: 800, height: 1200, label: 'Page 2' },
    ])

    await page.getByRole('button', { name: 'New comic' }).click()
    const comicForm = page.getByRole('form', { name: 'New comic' })
    await comicForm.getByLabel('Title').fill(title)
    await comicForm.getByLabel('Description').fill('Made by the end-to-end test.')
    await comicForm.getByLabel('Content rating').selectOption('AO')
    await comicForm.getByRole('checkbox', { name: 'Drama' }).check()
    await comicForm.getByLabel('Cover').setInputFiles(cover!)
    await comicForm.getByLabel('Banner').setInputFiles(banner!)
    await comicForm.getByRole('button', { name: 'Create comic' }).click()
    const editForm = page.getByRole('form', { name: `Edit '${title}'` })
    await expect.poll(() => editForm.isVisible(), { timeout: 20_000 }).toBe(true)

    const newEpisodes = page.getByRole('form', { name: 'Add episodes' })
    await newEpisodes.getByRole('button', { name: 'One more episode' }).click()
    await newEpisodes.getByLabel('Preview').nth(0).setInputFiles(preview1!)
    await newEpisodes.getByLabel('Preview').nth(1).setInputFiles(preview2!)
    await newEpisodes.getByRole('button', { name: 'Create episodes' }).click()
    await expect.poll(() => page.getByRole('form', { name: 'Episode 2' }).isVisible(), { timeout: 20_000 }).toBe(true)

    // Whether an episode is free is shown, not asked: the position rule decides (the first 3 by number).
    expect(await page.getByRole('checkbox', { name: 'Free' }).count()).toBe(0)
    for (const episode of ['Episode 1', 'Episode 2']) {
      expect(await page.getByRole('form', { name: episode }).getByText('Free: one of the first 3 by number').isVisible()).toBe(true)
    }
    await newEpisodes.getByRole('button', { name: 'One more episode' }).click()
    const drafts = newEpisodes.getByRole('group')
    await expect.poll(() => drafts.count()).toBe(2)
    expect(await drafts.nth(0).getByText('Free: one of the first 3 by number').isVisible()).toBe(true)
    expect(await drafts.nth(1).getByText('Subscribers only').isVisible()).toBe(true)
    await drafts.nth(1).getByRole('button', { name: 'Remove' }).click()

    const upload = page.getByRole('form', { name: 'Upload pages' })
    await upload.getByRole('combobox', { name: /^Episode/ }).selectOption({ label: '#1 Episode 1' })
    await upload.getByLabel('Variant').selectOption('censored')
    // A file that only claims to be an image is refused by the API; the uploader says so and keeps it to replace or remove.
    await upload.getByLabel('Choose images').setInputFiles({ name: 'page-0.png', mimeType: 'image/png', buffer: Buffer.from('not an image') })
    await upload.getByRole('button', { name: 'Upload pages' }).click()
    await expect.poll(() => upload.getByRole('alert').isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await upload.getByText('Refused: not an image the service can read. Replace or remove it.').isVisible()).toBe(true)
    expect(await upload.getByLabel('Variant').inputValue()).toBe('censored')
    await upload.getByRole('button', { name: 'Remove page-0.png' }).click()
    await upload.getByLabel('Choose images').setInputFiles([page2!, page1!])
    await upload.getByRole('button', { name: 'Upload pages' }).click()
    await expect.poll(() => upload.getByText('Pages saved in this order.').isVisible(), { timeout: 20_000 }).toBe(true)
    await screenshotBothSizes(page, 'admin')
    await screenshotPhoneAndDesktop(page, 'admin-console', async () => {
      await page.evaluate(() => window.scrollTo(0, 0))
    })

    await page.goto(`${stack.adultOrigin}/categories`)
    const card = page.getByRole('link', { name: title })
    await expect.poll(() => card.isVisible()).toBe(true)
    await card.click()
    await expect.poll(() => page.getByRole('heading', { name: '2 Episodes' }).isVisible()).toBe(true)
    await page.locator('.comics-episode-row').first().getByRole('link', { name: 'Open' }).click()
    const firstPage = page.getByRole('img', { name: 'Page 1 of 2' })
    await expect.poll(() => firstPage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth === 800)).toBe(true)
    expect(await page.getByRole('img', { name: 'Page 2 of 2' }).count()).toBe(1)

    // A mature genre, an edit and a delete.
    await page.goto(`${stack.adultOrigin}/admin`)
    await tab('Genres').click()
    const genreName = `E2E ${Date.now().toString(36)}`
    const newGenre = page.getByRole('form', { name: 'New genre' })
    await newGenre.getByLabel('New genre').fill(genreName)
    await newGenre.getByRole('checkbox', { name: 'Mature' }).check()
    await newGenre.getByRole('button', { name: 'Add genre' }).click()
    const genreRow = page.getByRole('form', { name: `Genre ${genreName}` })
    await expect.poll(() => genreRow.isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await genreRow.getByRole('checkbox', { name: 'Mature' }).isChecked()).toBe(true)

    await tab('Comics').click()
    await page.getByRole('button', { name: title }).click()
    const edit = page.getByRole('form', { name: `Edit '${title}'` })
    await edit.getByLabel('Title').fill(`${title} (edited)`)
    await edit.getByRole('button', { name: 'Save comic' }).click()
    await expect.poll(() => page.getByRole('form', { name: `Edit '${title} (edited)'` }).isVisible(), { timeout: 20_000 }).toBe(true)
    // The audit log of the comic names the edit first, by this admin, then the upload and the creation, by their names.
    await tab('Audit log').click()
    const auditRows = page.getByRole('region', { name: 'Audit log' }).getByRole('row')
    await expect.poll(() => auditRows.nth(1).textContent(), { timeout: 20_000 }).toContain('Edited')
    expect(await auditRows.nth(1).textContent()).toContain(email)
    const actions = (await auditRows.allTextContents()).slice(1)
    expect(actions.some((row) => row.includes('Uploaded pages'))).toBe(true)
    expect(actions.at(-1)).toContain('Created')
    expect(actions.find((row) => row.includes('Uploaded pages'))).toContain(`Pages of episode 1 'Episode 1'in '${title} (edited)'`)
    await screenshotPhoneAndDesktop(page, 'admin-audit')
    await tab('Comics').click()
    const edited = page.getByRole('form', { name: `Edit '${title} (edited)'` })
    await edited.getByRole('button', { name: 'Delete comic' }).click()
    await edited.getByRole('button', { name: 'Yes, delete' }).click()
    await expect.poll(() => page.getByRole('button', { name: `${title} (edited)` }).count(), { timeout: 20_000 }).toBe(0)
    await page.goto(`${stack.adultOrigin}/categories`)
    await expect.poll(() => page.locator('.site-card-grid li').count()).toBeGreaterThan(0)
    expect(await page.getByRole('link', { name: title }).count()).toBe(0)

    // A T comic off the mirror is listed by no host; the admin finds it again on a later visit and edits it.
    const offMirror = `Off Mirror ${Date.now().toString(36)}`
    await page.goto(`${stack.adultOrigin}/admin`)
    await page.getByRole('button', { name: 'New comic' }).click()
    const offForm = page.getByRole('form', { name: 'New comic' })
    await offForm.getByLabel('Title').fill(offMirror)
    await offForm.getByLabel('Content rating').selectOption('T')
    expect(await offForm.getByRole('checkbox', { name: 'Show on the mirror host' }).isChecked()).toBe(false)
    await offForm.getByRole('button', { name: 'Create comic' }).click()
    await expect.poll(() => page.getByRole('form', { name: `Edit '${offMirror}'` }).isVisible(), { timeout: 20_000 }).toBe(true)

    await page.goto(`${stack.mirrorOrigin}/categories`)
    await expect.poll(() => page.locator('.site-card-grid li').count()).toBeGreaterThan(0)
    expect(await page.getByRole('link', { name: offMirror }).count()).toBe(0)

    await page.goto(`${stack.adultOrigin}/admin`)
    await page.getByRole('searchbox', { name: 'Find by title' }).fill(offMirror.toLowerCase())
    const found = page.getByRole('button', { name: offMirror })
    await expect.poll(() => found.isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await found.textContent()).toContain('Not on the mirror')
    await found.click()
    const offEdit = page.getByRole('form', { name: `Edit '${offMirror}'` })
    await offEdit.getByLabel('Description').fill('Edited after it was found again.')
    await offEdit.getByRole('checkbox', { name: 'Show on the mirror host' }).check()
    await offEdit.getByRole('button', { name: 'Save comic' }).click()
    await expect.poll(() => offEdit.getByRole('status').filter({ hasText: 'Saved.' }).isVisible(), { timeout: 20_000 }).toBe(true)
    await page.goto(`${stack.mirrorOrigin}/categories`)
    await expect.poll(() => page.getByRole('link', { name: offMirror }).isVisible()).toBe(true)
  })
})
