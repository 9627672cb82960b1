import type { Page } from 'playwright'

/** The page at the middle of the reader's strip, and how far down it that middle is (0 to 1). */
export const pageInView = (page: Page) =>
  page.evaluate(() => {
    const strip = document.querySelector<HTMLElement>('.comics-reader__main')!
    const box = strip.getBoundingClientRect()
    const middle = box.top + box.height / 2
    for (const item of strip.querySelectorAll<HTMLElement>('[data-page-index]')) {
      const rect = item.getBoundingClientRect()
      if (rect.top <= middle && rect.bottom > middle) return { page: Number(item.dataset.pageIndex), fraction: (middle - rect.top) / rect.height }
    }
    return null
  })

/**
 * Scrolls the reader's strip so that `fraction` of page `index` is at the middle of its viewport, as a reader
 * scrolling there would (in the strip's own pixels: unzoomed, the pages' offsets are the strip's).
 */
export const scrollToPage = (page: Page, index: number, fraction: number) =>
  page.evaluate(
    ([index, fraction]) => {
      const strip = document.querySelector<HTMLElement>('.comics-reader__main')!
      const item = strip.querySelector<HTMLElement>(`[data-page-index="${index}"]`)!
      strip.scrollTop = item.offsetTop + fraction * item.offsetHeight - strip.clientHeight / 2
    },
    [index, fraction] as const,
  )

/** Whether the reader's first page has loaded and decoded (named "Page 1 of n"). */
export const firstPageLoaded = (page: Page) =>
  page.getByRole('img', { name: /^Page 1 of \d+$/ }).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)
