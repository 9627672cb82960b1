import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { appRunning, chromiumPerFile, openPage, type WatchedPage } from '@comics/test-stack/browser'
import { grantAdmin } from '@comics/test-stack/grantAdmin'
import { payForSelectedPlan } from '@comics/test-stack/premium'
import { screenshotLayout } from '@comics/test-stack/screenshots'
import { e2eStack } from '@comics/test-stack/stack'
import { prepareVisitor, signUpByEmail, uniqueEmail, type VisitorState } from '@comics/test-stack/visitor'

// The layout check of every screen (issue 37): each route and its main states, at each width, in one
// browser with one context per role. The checks run in the page, one evaluate per page and width.
const stack = e2eStack()
const chromium = chromiumPerFile()
const adult = stack.catalogue.uncensoredComic
const mirror = stack.catalogue.mirrorComic

const WIDTHS = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 900 },
] as const

type Role = 'guest' | 'first-visit' | 'reader' | 'subscriber' | 'admin'

interface Screen {
  name: string
  path: string
  /** Resolves once the screen's content is shown (data loaded). */
  ready(page: Page): Promise<unknown>
  /** Brings the state to look at after the page has loaded (a dialog opened, the end of a strip). */
  state?(page: Page): Promise<unknown>
}

/** One layout defect, as the page reports it. */
interface Defect {
  check: 'overflow' | 'clipped' | 'covered' | 'off-screen' | 'target-size' | 'text-cut' | 'stretched'
  element: string
}

/**
 * The checks, run in the page in one synchronous pass (scroll events and React's answers to them come
 * after it, so the chrome the page showed at the start stays for the whole pass):
 * - the document does not scroll sideways;
 * - each visible interactive element, scrolled into view, lies inside the viewport horizontally and inside
 *   every ancestor that clips its overflow, and is what `elementFromPoint` finds at its centre;
 * - it is at least 24 × 24 CSS px (WCAG 2.5.8), but for a link inline in a sentence, a native checkbox or
 *   radio whose label is the target, and the spacing exception (a 24 px circle on its centre meets no other target);
 * - no text is cut by `overflow: hidden` without an ellipsis and a title that holds the whole text;
 * - wider than a phone's layout (over 768 px), no filled button is stretched wider than 480 px (a bar, not a control).
 * Scrolling is instant (a smooth one would leave the element where it was for the check); scroll positions
 * are restored afterwards.
 */
function layoutDefects(): Defect[] {
  const defects: Defect[] = []
  const root = document.documentElement
  const describeElement = (element: Element): string => {
    const tag = element.tagName.toLowerCase()
    const id = element.id ? `#${element.id}` : ''
    const className = typeof element.className === 'string' ? element.className.trim().split(/\s+/)[0] : ''
    const name = element.getAttribute('aria-label') ?? (element.textContent ?? '').replace(/\s+/g, ' ').trim()
    return `${tag}${id}${className ? `.${className}` : ''}${name ? ` "${name.slice(0, 40)}"` : ''}`
  }
  const scrollers: [Element, number, number][] = []
  for (const element of document.querySelectorAll('*')) {
    if (element.scrollTop !== 0 || element.scrollLeft !== 0 || /auto|scroll|hidden/.test(getComputedStyle(element).overflow)) {
      scrollers.push([element, element.scrollTop, element.scrollLeft])
    }
  }
  const windowScroll = [window.scrollX, window.scrollY] as const

  if (root.scrollWidth > root.clientWidth) {
    const widest = [...document.body.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1)
    const culprit = widest.find((element) => !widest.includes(element.parentElement as Element)) ?? root
    defects.push({ check: 'overflow', element: `document ${root.scrollWidth} > ${root.clientWidth} px, first: ${describeElement(culprit)}` })
  }

  const shown = (element: Element) => {
    const rect = element.getBoundingClientRect()
    if (rect.width <= 1 || rect.height <= 1) return false
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })) return false
    return !element.closest('[inert], [aria-hidden="true"]')
  }
  const targets = [...document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex]')].filter(shown)
  // The box a reader taps: a native checkbox or radio is pressed through its label as well.
  const tapBox = (element: Element): DOMRect => {
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
      const label = element.closest('label') ?? element.labels?.[0]
      if (label) return label.getBoundingClientRect()
    }
    return element.getBoundingClientRect()
  }
  const inlineInText = (element: Element) => {
    if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false
    const block = element.parentElement
    const own = (element.textContent ?? '').trim().length
    return block !== null && (block.textContent ?? '').trim().length > own
  }
  const boxes = new Map<Element, DOMRect>()
  // A link that wraps over two lines is tapped on one of its boxes, not at the centre of their union.
  const ownBox = (element: Element): DOMRect => (getComputedStyle(element).display === 'inline' ? (element.getClientRects()[0] ?? element.getBoundingClientRect()) : element.getBoundingClientRect())
  for (const element of targets) {
    element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' })
    const rect = ownBox(element)
    boxes.set(element, tapBox(element))
    const what = describeElement(element)
    if (rect.left < -1 || rect.right > root.clientWidth + 1) {
      defects.push({ check: 'off-screen', element: `${what} at x ${Math.round(rect.left)}…${Math.round(rect.right)}` })
      continue
    }
    let clippedBy: Element | null = null
    for (let ancestor = element.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
      const style = getComputedStyle(ancestor)
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        const box = ancestor.getBoundingClientRect()
        const clipsX = style.overflowX !== 'visible' && (rect.left < box.left - 1 || rect.right > box.right + 1)
        const clipsY = style.overflowY !== 'visible' && (rect.top < box.top - 1 || rect.bottom > box.bottom + 1)
        if (clipsX || clipsY) {
          clippedBy = ancestor
          break
        }
      }
      if (style.position === 'fixed') break
    }
    if (clippedBy) {
      defects.push({ check: 'clipped', element: `${what} by ${describeElement(clippedBy).slice(0, 60)}` })
      continue
    }
    const x = rect.left + rect.width / 2
    const y = rect.top + rect.height / 2
    if (y >= 0 && y <= window.innerHeight) {
      const hit = document.elementFromPoint(x, y)
      const reachable = hit !== null && (element.contains(hit) || (hit.closest('label') !== null && hit.closest('label') === tapBoxLabel(element)))
      if (!reachable) defects.push({ check: 'covered', element: `${what} by ${hit ? describeElement(hit).slice(0, 60) : 'nothing'}` })
    }
  }
  function tapBoxLabel(element: Element): Element | null {
    return element instanceof HTMLInputElement ? (element.closest('label') ?? element.labels?.[0] ?? null) : null
  }

  // A filled button (a background or a border of its own) stretched across a wide screen reads as a bar, not a
  // control: past the phone layout (768 px and below, where full-width buttons are the rule), none is wider
  // than the kit's widest dialog (480 px).
  if (root.clientWidth > 768) {
    for (const element of targets) {
      if (!element.matches('button, .comics-button, [role="button"]')) continue
      const style = getComputedStyle(element)
      const filled = !/rgba\(0, 0, 0, 0\)|transparent/.test(style.backgroundColor) || (parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== 'none')
      const width = element.getBoundingClientRect().width
      if (filled && width > 480) defects.push({ check: 'stretched', element: `${describeElement(element)} ${Math.round(width)} px wide` })
    }
  }

  // Target size at the page's own scroll position: distances between targets do not depend on it.
  for (const [element, box] of boxes) {
    if (box.width >= 24 && box.height >= 24) continue
    if (inlineInText(element)) continue
    const cx = box.left + box.width / 2
    const cy = box.top + box.height / 2
    const crowded = [...boxes].some(([other, otherBox]) => {
      if (other === element || other.contains(element) || element.contains(other)) return false
      const dx = Math.max(otherBox.left - cx, 0, cx - otherBox.right)
      const dy = Math.max(otherBox.top - cy, 0, cy - otherBox.bottom)
      const undersized = otherBox.width < 24 || otherBox.height < 24
      const distance = undersized ? Math.hypot(cx - (otherBox.left + otherBox.width / 2), cy - (otherBox.top + otherBox.height / 2)) : Math.hypot(dx, dy)
      return distance < (undersized ? 24 : 12)
    })
    if (crowded) defects.push({ check: 'target-size', element: `${describeElement(element)} ${Math.round(box.width)}×${Math.round(box.height)}` })
  }

  for (const element of document.body.querySelectorAll('*')) {
    if (!(element instanceof HTMLElement) || element.clientWidth <= 1) continue
    const style = getComputedStyle(element)
    if (!/hidden|clip/.test(style.overflowX) || element.scrollWidth <= element.clientWidth + 1) continue
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim()
    if (!text || !shown(element) || element.querySelector('img, svg, video, canvas')) continue
    const titled = element.closest('[title]')?.getAttribute('title')?.replace(/\s+/g, ' ').trim()
    if (style.textOverflow === 'ellipsis' && titled !== undefined && titled.length >= text.length) continue
    defects.push({ check: 'text-cut', element: `${describeElement(element)} ${element.scrollWidth} > ${element.clientWidth} px` })
  }

  // Instantly: a carousel's smooth scrolling would still be under way for the screenshot.
  for (const [element, top, left] of scrollers) element.scrollTo({ top, left, behavior: 'instant' })
  window.scrollTo({ left: windowScroll[0], top: windowScroll[1], behavior: 'instant' })
  return defects
}

/** Every width of `screen` in `page` (already at its address): the defects named by route, width and role. */
async function checkScreen(page: Page, role: Role, host: string, screen: Screen): Promise<string[]> {
  const found: string[] = []
  for (const size of WIDTHS) {
    await page.setViewportSize(size)
    // The layout of the new width, painted, its transitions (the reader's chrome) over.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity).map((animation) => animation.finished)))
    const defects = await page.evaluate(layoutDefects)
    for (const defect of defects) found.push(`${host} ${screen.path} @${size.width}px [${role}] ${defect.check}: ${defect.element}`)
    await screenshotLayout(page, `${host}-${role}-${screen.name}-${size.width}`)
  }
  return found
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor()
const firstPageShown = (page: Page) =>
  page.getByRole('img', { name: /^Page 1 of \d+$/ }).evaluate((image: HTMLImageElement) =>
    image.complete ? undefined : new Promise((resolve) => image.addEventListener('load', resolve, { once: true })),
  )

/** The screens every visitor reaches, on a host whose comic is `comic`. */
const publicScreens = (comic: typeof adult): Screen[] => [
  { name: 'home', path: '/', ready: (page) => page.locator('.comics-comic-card').first().waitFor() },
  { name: 'categories', path: '/categories', ready: (page) => page.locator('.comics-comic-card').first().waitFor() },
  { name: 'search', path: `/search?q=${encodeURIComponent(comic.title.slice(0, 4))}`, ready: (page) => page.locator('.comics-comic-card').first().waitFor() },
  { name: 'comic', path: `/comic/${comic.id}`, ready: (page) => page.locator('.comics-episode-row').first().waitFor() },
  { name: 'reader', path: `/comic/${comic.id}/${comic.chapterIds[0]}`, ready: firstPageShown },
  {
    name: 'reader-episodes',
    path: `/comic/${comic.id}/${comic.chapterIds[0]}`,
    ready: firstPageShown,
    state: (page) => page.getByRole('button', { name: 'List Episodes' }).click().then(() => page.getByRole('dialog', { name: 'List Episodes' }).waitFor()),
  },
  {
    // The phone's Downloads menu, open (on a wide screen the actions sit in the row and it is not there).
    name: 'reader-downloads',
    path: `/comic/${comic.id}/${comic.chapterIds[0]}`,
    ready: firstPageShown,
    state: async (page) => {
      await page.setViewportSize(WIDTHS[1])
      await page.getByRole('button', { name: 'Downloads' }).click()
      await page.getByRole('button', { name: 'Download', exact: true }).waitFor()
    },
  },
  {
    name: 'reader-end',
    path: `/comic/${comic.id}/${comic.chapterIds[2]}`,
    ready: firstPageShown,
    state: (page) => page.locator('.comics-reader__end').evaluate((end) => end.scrollIntoView({ block: 'start' })),
  },
  { name: 'reader-locked', path: `/comic/${comic.id}/${comic.chapterIds[3]}`, ready: (page) => page.locator('.comics-reader__status[data-state="locked"], .comics-reader__page').first().waitFor() },
  { name: 'privacy', path: '/privacy-policy', ready: heading(/Privacy/) },
  { name: 'terms', path: '/terms-of-use', ready: heading(/Terms/) },
  { name: 'refunds', path: '/payment-and-refund', ready: heading(/Refund|Payment/) },
  { name: 'not-found', path: '/no-such-page', ready: (page) => page.getByRole('link', { name: /main|home/i }).first().waitFor() },
]

/** The screens of a signed-in reader (and of a subscriber). */
const accountScreens: Screen[] = [
  // The episode rows as a signed-in reader has them: coins and free-after-a-wait offers under the locked
  // ones (a subscriber's: every row open, with its download), once the viewer's level has settled.
  {
    name: 'comic',
    path: `/comic/${adult.id}`,
    ready: (page) =>
      page.waitForFunction(() => document.querySelector('.comics-episode-row') !== null && document.querySelector('.comics-episode-row__open:disabled') === null),
  },
  { name: 'account', path: '/account', ready: (page) => page.getByRole('button', { name: /Log ?out|Sign out/i }).first().waitFor() },
  { name: 'premium', path: '/premium', ready: (page) => page.locator('.comics-plan-card').first().waitFor() },
  { name: 'coins', path: '/coins', ready: (page) => page.getByRole('button', { name: /Buy/ }).first().waitFor() },
  { name: 'payment', path: '/payment/1week', ready: heading('Complete Your Purchase') },
  { name: 'reader-locked', path: `/comic/${adult.id}/${adult.chapterIds[3]}`, ready: (page) => page.locator('.comics-reader__status[data-state="locked"], .comics-reader__page').first().waitFor() },
  { name: 'reader-end', path: `/comic/${adult.id}/${adult.chapterIds[2]}`, ready: firstPageShown, state: (page) => page.locator('.comics-reader__end').evaluate((end) => end.scrollIntoView({ block: 'start' })) },
]

/** One context per role, kept for all its screens; its page errors fail the screen that raised them. */
// A role that could not sign in fails each of its screens at once.
const contexts = new Map<string, Promise<WatchedPage>>()
function roleContext(key: string, state: VisitorState, signIn?: (page: Page) => Promise<void>): Promise<WatchedPage> {
  const known = contexts.get(key)
  if (known) return known
  const opening = (async () => {
    // Signed in at a desktop's width, where the top bar shows Sign In.
    const visit = await openPage(chromium.browser, { viewport: WIDTHS[3] })
    await prepareVisitor(visit.context, state)
    if (signIn) await signIn(visit.page)
    return visit
  })()
  contexts.set(key, opening)
  return opening
}
afterAll(async () => {
  for (const opening of contexts.values()) await (await opening.catch(() => undefined))?.context.close()
})

async function look(visit: WatchedPage, origin: string, host: string, role: Role, screen: Screen): Promise<void> {
  const { page } = visit
  await page.goto(`${origin}${screen.path}`)
  await appRunning(page)
  await screen.ready(page)
  await screen.state?.(page)
  const found = await checkScreen(page, role, host, screen)
  const errors = visit.pageErrors.splice(0).map((error) => error.message)
  expect({ defects: found, errors }).toEqual({ defects: [], errors: [] })
}

const signUp = (origin: string) => async (page: Page) => {
  await page.goto(`${origin}/`)
  await appRunning(page)
  await signUpByEmail(page, uniqueEmail('layout'))
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).waitFor()
}

describe('the adult host', () => {
  const origin = stack.adultOrigin
  for (const screen of publicScreens(adult)) {
    test(`guest: ${screen.name}`, async () => {
      await look(await roleContext('adult-guest', {}), origin, 'adult', 'guest', screen)
    })
  }
  test('first visit (cookie banner): reader', async () => {
    const screen = publicScreens(adult).find((candidate) => candidate.name === 'reader')!
    await look(await roleContext('adult-first', { consent: null }), origin, 'adult', 'first-visit', screen)
  })
  for (const screen of accountScreens) {
    test(`reader: ${screen.name}`, async () => {
      await look(await roleContext('adult-reader', {}, signUp(origin)), origin, 'adult', 'reader', screen)
    })
  }
  // A subscriber's own states: the badge and benefits, the plans of a returning buyer, episode 4 open.
  for (const screen of accountScreens.filter((candidate) => ['account', 'premium', 'comic', 'reader-locked'].includes(candidate.name))) {
    test(`subscriber: ${screen.name}`, async () => {
      const subscribe = async (page: Page) => {
        await signUp(origin)(page)
        await page.goto(`${origin}/premium`)
        await page.locator('.comics-plan-card').first().waitFor()
        await payForSelectedPlan(page, origin)
      }
      await look(await roleContext('adult-subscriber', {}, subscribe), origin, 'adult', 'subscriber', screen)
    })
  }
  test('admin: console', async () => {
    const becomeAdmin = async (page: Page) => {
      const email = uniqueEmail('layout-admin')
      await page.goto(`${origin}/admin`)
      await appRunning(page)
      await signUpByEmail(page, email)
      await grantAdmin(email, stack.emulatorHost)
      await page.getByRole('button', { name: 'Refresh my access' }).click()
      await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor({ timeout: 20_000 })
    }
    const visit = await roleContext('adult-admin', {}, becomeAdmin)
    await look(visit, origin, 'adult', 'admin', { name: 'admin', path: '/admin', ready: heading('Admin') })
    await look(visit, origin, 'adult', 'admin', { name: 'admin-preview', path: `/admin/preview/${adult.id}/${adult.chapterIds[0]}`, ready: firstPageShown })
  })
  test('reader (not an admin): admin refusal', async () => {
    await look(await roleContext('adult-reader', {}, signUp(origin)), origin, 'adult', 'reader', { name: 'admin-refused', path: '/admin', ready: heading('Not allowed') })
  })
})

describe('the mirror host', () => {
  const origin = stack.mirrorOrigin
  // What differs by host: the catalogue, its comic and reader (the policies and dialogs are the same screens).
  for (const screen of publicScreens(mirror).filter((candidate) => ['home', 'categories', 'comic', 'reader', 'reader-end'].includes(candidate.name))) {
    test(`guest: ${screen.name}`, async () => {
      await look(await roleContext('mirror-guest', {}), origin, 'mirror', 'guest', screen)
    })
  }
})

beforeAll(() => {
  expect(adult.chapterIds.length).toBeGreaterThanOrEqual(4)
})
