import { setupServer } from 'msw/node'
import { createHandlers, type MockHandlersOptions } from '@comics/mocks'

/** Where the tests' API lives; renderWithKit builds its client on it. */
export const TEST_API_BASE_URL = 'http://comics.test/api/v1'

/** The handlers of @comics/mocks on the test API base. */
export function mockHandlers(options: Omit<MockHandlersOptions, 'baseUrl'> = {}) {
  return createHandlers({ baseUrl: TEST_API_BASE_URL, ...options })
}

/**
 * The MSW server of the react tests, started in test/setup.ts with the default mocks: the fixture
 * catalogue, viewers told apart by their bearer tokens. A test swaps in other handlers with
 * `server.use(...mockHandlers({ errors: { listAssets: 500 } }))`; they are reset after each test.
 */
export const server = setupServer(...mockHandlers())
