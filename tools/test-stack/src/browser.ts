import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright'
import { launchChromium } from './chromium'
import { refuseGoogleAnalytics } from './googleAnalytics'

export { appRunning } from './appRunning'

export { launchChromium }

export const DESKTOP = { width: 1280, height: 800 }
export const MOBILE = { width: 375, height: 740 }

/**
 * A page that records every uncaught page error, every Content-Security-Policy violation and every
 * console line, for the test to assert on.
 */
export interface WatchedPage {
  page: Page
  context: BrowserContext
  pageErrors: Error[]
  /** 'directive refused url on page' for each `securitypolicyviolation` event of any page or frame. */
  cspViolations: string[]
  consoleLines: string[]
}

/**
 * A fresh context (its own storage) and page. Uncaught errors of every page of the context (popups
 * included, except on `ignoreErrorsOn` origins) and every violation of a page's security policy are
 * collected: each test ends by expecting none.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
  watchOptions: {
    /** Origins of pages and frames that are not the site's. */
    ignoreErrorsOn?: readonly string[]
    /** Errors known to come from such a frame although they carry no trace of it. */
    isForeignError?: (error: Error) => boolean
  } = {},
): Promise<WatchedPage> {
  // The site's service worker is blocked unless a test allows it (`serviceWorkers: 'allow'`, the offline
  // journeys): Playwright's routes never see a request the worker answers (holdEntryScript, the stand-ins
  // of Google's hosts), and a journey about something else should not depend on what an earlier page precached.
  const context = await browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block', ...options })
  // The site is built with a Google Analytics id: gtag.js after Accept goes nowhere unless a test routes
  // Google's hosts itself (googleAnalytics.ts; a later route takes precedence).
  await refuseGoogleAnalytics(context)
  const pageErrors: Error[] = []
  const cspViolations: string[] = []
  const consoleLines: string[] = []
  // The built site runs under its own Content-Security-Policy (vite.config.ts): a refused script, style,
  // image, connection or frame is a fault of the site even when nothing visible breaks.
  await context.exposeBinding('reportCspViolation', (_source, text: string) => void cspViolations.push(text))
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as Window & { reportCspViolation?: (text: string) => void }).reportCspViolation
      report?.(`${event.effectiveDirective} refused ${event.blockedURI || '(inline)'} on ${location.href}`)
    })
  })
  // Pages and frames that are not the site's (the Auth emulator's) answer for their own errors.
  const foreign = (page: Page, error: Error) =>
    (watchOptions.ignoreErrorsOn ?? []).some((origin) => page.url().startsWith(origin) || (error.stack ?? '').includes(origin)) ||
    (watchOptions.isForeignError?.(error) ?? false)
  const watch = (page: Page) => {
    page.on('pageerror', (error) => {
      if (!foreign(page, error)) pageErrors.push(error)
    })
    page.on('console', (message) => consoleLines.push(message.text()))
  }
  context.on('page', watch)
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return { page, context, pageErrors, cspViolations, consoleLines }
}

/**
 * One Chromium for a test file: launched before its tests and closed after them. After each test, every
 * page opened through `open` must have had no uncaught error and no security-policy violation; then its
 * context is closed.
 */
export function chromiumPerFile() {
  let browser: Browser | undefined
  const opened: WatchedPage[] = []
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })
  afterEach(async () => {
    const visits = opened.splice(0)
    try {
      expect(visits.flatMap((visit) => visit.pageErrors.map((error) => error.message))).toEqual([])
      expect(visits.flatMap((visit) => visit.cspViolations)).toEqual([])
    } finally {
      for (const visit of visits) await visit.context.close()
    }
  })
  const running = (): Browser => {
    if (!browser) throw new Error('Chromium is not running yet: open pages inside tests or hooks')
    return browser
  }
  return {
    get browser(): Browser {
      return running()
    },
    async open(...args: OpenPageOptions): Promise<WatchedPage> {
      const visit = await openPage(running(), ...args)
      opened.push(visit)
      return visit
    },
  }
}

type OpenPageOptions = Parameters<typeof openPage> extends [Browser, ...infer Rest] ? Rest : never


/**
 * Whether every stylesheet the document links has loaded and applies. A page looked at with
 * `waitUntil: 'commit'` may be laid out before its stylesheets arrive (the browser paints nothing until
 * they have, but a script's layout does not wait): what the styles hide or show is only known after.
 */
export function stylesheetsApplied(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
    return links.length > 0 && links.every((link) => link.sheet !== null)
  })
}

/**
 * Holds the site's entry script (the framework's browser entry, entry.client-*.js) back until the returned
 * function is called, so a journey sees the page as the server sent it, before the app runs.
 */
export async function holdEntryScript(context: BrowserContext): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await context.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}
