import { spawnSync } from 'node:child_process'
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@comics/test-stack/chromium'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The static Storybook (`pnpm build-storybook`) builds, and opens in Chromium without a console error:
// the manager with its sidebar, a story, and a component's autodocs page.
const root = join(import.meta.dirname, '..')
const staticDir = join(root, 'storybook-static')

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
}

/** A file server for the build, as any static host would serve it. */
function serve(dir: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname))
    let file = join(dir, path)
    if (!file.startsWith(dir)) return void response.writeHead(403).end()
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
    if (!existsSync(file)) return void response.writeHead(404).end()
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(response)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

let server: Server
let browser: Browser
let base: string

beforeAll(async () => {
  // Reuse a build made just before (STORYBOOK_STATIC_PREBUILT=1), otherwise build it now.
  if (process.env.STORYBOOK_STATIC_PREBUILT !== '1' || !existsSync(join(staticDir, 'index.html'))) {
    const build = spawnSync('pnpm', ['build-storybook', '--quiet'], { cwd: root, encoding: 'utf8', env: process.env })
    if (build.status !== 0) throw new Error(`pnpm build-storybook failed:\n${build.stdout}\n${build.stderr}`)
  }
  server = await serve(staticDir)
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
})

/** Opens a page of the build and returns it with every console error and uncaught exception it logs. */
async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`)
  })
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`)
  })
  page.on('requestfailed', (request) => {
    // Only the build's own files: a story may abort a request on purpose.
    if (request.url().startsWith(base)) errors.push(`request failed: ${request.url()}`)
  })
  await page.goto(`${base}${path}`)
  return { page, errors }
}

describe('the static Storybook', () => {
  it('indexes a story for every component folder', () => {
    const index = JSON.parse(readFileSync(join(staticDir, 'index.json'), 'utf8')) as { entries: Record<string, { type: string }> }
    const stories = Object.values(index.entries).filter((entry) => entry.type === 'story')
    const docs = Object.values(index.entries).filter((entry) => entry.type === 'docs')
    expect(stories.length).toBeGreaterThan(100)
    expect(docs.length).toBeGreaterThan(20)
  })

  it('opens the manager with its sidebar and the first story, without console errors', async () => {
    const { page, errors } = await open('/index.html')
    await page.getByRole('button', { name: 'Layout' }).or(page.getByText('TopBar').first()).first().waitFor({ timeout: 60_000 })
    const preview = page.frameLocator('#storybook-preview-iframe')
    await preview.locator('#storybook-root > *, #storybook-docs > *').first().waitFor({ timeout: 60_000 })
    await page.waitForTimeout(500)
    expect(errors).toEqual([])
    await page.close()
  }, 120_000)

  it('renders a story over the mocks, without console errors', async () => {
    const { page, errors } = await open('/iframe.html?id=comic-page-episodelist--guest&viewMode=story')
    await page.getByRole('heading', { name: '8 Episodes' }).waitFor({ timeout: 60_000 })
    expect(errors).toEqual([])
    await page.close()
  }, 120_000)

  it('renders a component docs page with props and a usage snippet, without console errors', async () => {
    const { page, errors } = await open('/iframe.html?id=premium-planselector--docs&viewMode=docs')
    await page.locator('.docblock-argstable').first().waitFor({ timeout: 60_000 })
    await expect(page.getByText('onBack').first().isVisible()).resolves.toBe(true)
    // The JSDoc @example shows as a code snippet, not as markup.
    await page.locator('pre, code', { hasText: '<PlanSelector onBack' }).first().waitFor({ timeout: 30_000 })
    expect(errors).toEqual([])
    await page.close()
  }, 120_000)
})
