import { userEvent } from 'vitest/browser'

// Story tests run in Chromium through Playwright: this gives play functions the browser's real keyboard
// (see `realKeys` in stories.ts) for what only the browser itself answers, such as a native select's
// type-ahead, Home and End. Storybook's own userEvent dispatches events the browser does not act on.
;(globalThis as { comicsRealKeys?: (keys: string) => Promise<void> }).comicsRealKeys = (keys) => userEvent.keyboard(keys)
