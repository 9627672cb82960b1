import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { chromium as playwrightChromium, type Page } from 'playwright'
import { chromiumPerFile } from '@comics/test-stack/browser'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@comics/test-stack/chromium'
import { e2eStack } from '@comics/test-stack/stack'

// The installed app and offline reading, in Chromium against the production server.
const stack = e2eStack()
const chromium = chromiumPerFile()

/** Chromium's own verdict on installing the page: the errors the DevTools protocol lists (none: installable). */
async function installabilityErrors(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page)
  const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }
  await session.detach()
  return installabilityErrors.map((error) => error.errorId)
}

/** Waits until the site's service worker is active and controls the page. */
const workerControls = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }))
    return registration.active?.scriptURL ?? null
  })

describe('the installed app', () => {
  test.each([
    ['the mirror host', () => stack.mirrorOrigin, 'Comics', '#ffffff'],
    ['the adult host', () => stack.adultOrigin, 'Comics 18+', '#0d0d12'],
  ])('%s is installable in Chromium, with its own name, colours and icons', async (_name, origin, appName, background) => {
    // A profile of its own: Chromium never offers to install from an incognito context (a test's usual one).
    const profile = mkdtempSync(join(tmpdir(), 'comics-install-'))
    const context = await playwrightChromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: ['--headless=new', ...CHROMIUM_FLAGS] })
    const pageErrors: string[] = []
    try {
      const page = context.pages()[0] ?? (await context.newPage())
      page.on('pageerror', (error) => pageErrors.push(error.message))
      await page.goto(`${origin()}/`)
      expect(await workerControls(page)).toBe(`${origin()}/sw.js`)
      await expect.poll(() => installabilityErrors(page)).toEqual([])
      const manifest = await page.evaluate(async () => {
        const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!
        const response = await fetch(link.href)
        return { type: response.headers.get('content-type'), body: (await response.json()) as { name: string; background_color: string; icons: { src: string }[] } }
      })
      expect(manifest.type).toMatch(/^application\/manifest\+json/)
      expect(manifest.body.name).toBe(appName)
      expect(manifest.body.background_color).toBe(background)
      for (const icon of manifest.body.icons) {
        expect(await page.evaluate(async (src) => (await fetch(src)).headers.get('content-type'), icon.src)).toBe('image/png')
      }
      expect(pageErrors).toEqual([])
    } finally {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    }
  })

  test("the worker's script is never kept by a cache, and the policy admits it", async () => {
    const { page } = await chromium.open()
    const answer = await page.goto(`${stack.mirrorOrigin}/`)
    const policy = (await answer!.allHeaders())['content-security-policy'] ?? ''
    expect(policy).toContain("worker-src 'self'")
    expect(policy).toContain("manifest-src 'self'")
    const worker = await page.request.get(`${stack.mirrorOrigin}/sw.js`)
    expect(worker.status()).toBe(200)
    expect(worker.headers()['cache-control']).toBe('no-cache, no-store, must-revalidate')
    expect(worker.headers()['content-type']).toMatch(/javascript/)
  })

  test('without network, a reload opens the site from the precached app shell; the adult host asks its age question first', async () => {
    for (const [origin, ageGate] of [
      [stack.mirrorOrigin, false],
      [stack.adultOrigin, true],
    ] as const) {
      const { page, context } = await chromium.open()
      await page.goto(`${origin}/`)
      await workerControls(page)
      await context.setOffline(true)
      await page.reload()
      await expect.poll(() => page.getByRole('link', { name: 'Comics' }).first().isVisible()).toBe(true)
      const gate = page.getByRole('dialog', { name: 'Are you over the age of 18?' })
      await expect.poll(() => gate.isVisible()).toBe(ageGate)
      await context.setOffline(false)
    }
  })
})
