import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { setupWorker } from 'msw/browser'
import { createBrowserStorage, createSessionStore } from '@comics/core'
import { createHandlers, MOCK_VIEWERS } from '@comics/mocks'
import { ComicsProvider, Reader } from '@comics/react'
import '@comics/react/styles.css'

// A partner's app written against the published packages only: the API is @comics/mocks on MSW in
// the browser, the reader a level 1 subscriber. Episode 4 is locked for guests, so its pages show only
// when the session's token reaches the API through the kit's client.
const viewer = MOCK_VIEWERS.level1
const episode = { comicId: '4', chapterId: '404' }

if (!viewer.user || !viewer.token) throw new Error('The level 1 fixture viewer has no session')

await setupWorker(...createHandlers()).start({ quiet: true, onUnhandledRequest: 'error' })

const session = createSessionStore(createBrowserStorage())
session.set(viewer.user, viewer.token)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <ComicsProvider apiBaseUrl="/api/v1" siteMode="normal" stores={{ session }}>
      <Reader comicId={episode.comicId} chapterId={episode.chapterId} />
    </ComicsProvider>
  </StrictMode>,
)
