import { page, userEvent } from 'vitest/browser'
import { configure } from 'storybook/test'
import type { BrowserInput } from './stories'

// Play functions' `findBy*` and `waitFor` wait up to 5 s for what they look for (Testing Library's default
// is 1 s): on a busy machine a story that takes a second to settle is not a fault. A check that never holds
// still fails, at 5 s.
configure({ asyncUtilTimeout: 5_000 })

// Story tests run in Chromium through Playwright: this gives play functions the browser's real keyboard
// and mouse wheel (`realKeys`, `realWheel` in stories.ts) for what only the browser itself acts on: a
// native select's type-ahead, Home and End, or scrolling the page. Storybook's own userEvent
// dispatches events the browser does not act on.
const input: BrowserInput = {
  keyboard: (keys) => userEvent.keyboard(keys),
  wheel: (element, deltaY) => userEvent.wheel(element, { delta: { y: deltaY } }),
  viewport: (width, height) => page.viewport(width, height),
}
;(globalThis as { comicsBrowserInput?: BrowserInput }).comicsBrowserInput = input
