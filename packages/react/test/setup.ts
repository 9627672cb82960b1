import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { server } from './server'

// `findBy*` and `waitFor` wait up to 5 s for what they look for (Testing Library's default is 1 s): on a
// busy machine a render that takes a second is not a fault. A check that never holds still fails, at 5 s.
configure({ asyncUtilTimeout: 5_000 })

// The API client imports axios with its first request that goes out. Loaded here, before any test, so
// that the first request of a test file does not spend a `findBy*` timeout on transforming axios (which
// under a loaded machine can take longer than the default second).
// The same for the contract, which the client loads with its first call (core's src/api/callEndpoint.ts):
// its schemas are most of what that call transforms.
beforeAll(() => Promise.all([import('axios'), import('@comics/core/contract')]))

// Every request must be answered by a handler: an unhandled one is a test bug, not a network call.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  server.events.removeAllListeners()
  window.localStorage.clear()
  window.history.replaceState(null, '', '/')
})
afterAll(() => server.close())

// jsdom has no matchMedia; components that follow the 768px breakpoint read it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}

// jsdom has neither observer; Embla (the carousels) creates both when it starts. These never report:
// jsdom lays nothing out, so there is no size or visibility to observe.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return []
  }
}
window.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver
window.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver
