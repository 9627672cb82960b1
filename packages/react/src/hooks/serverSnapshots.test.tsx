import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage, STORAGE_KEYS } from '@comics/core'
import { MOCK_CHAPTERS } from '@comics/mocks'
import { DownloadButton } from '../components/DownloadButton'
import { EpisodeRow } from '../components/EpisodeList/EpisodeRow'
import { ComicsProvider } from '../provider'
import { useAgeVerification } from './useAgeVerification'
import { useConsent } from './useConsent'
import { useReadingProgress } from './useReadingProgress'
import { useSession } from './useSession'

/** What the stores read, as text. */
function StoredState() {
  const session = useSession()
  const { history } = useReadingProgress()
  const { state } = useConsent()
  const { passed } = useAgeVerification()
  return <p>{`signedIn=${session.signedIn} history=${history.length} consent=${state} age=${passed}`}</p>
}

/** A returning, signed-in visitor's storage. */
const returningVisitor = () =>
  createMemoryStorage({
    [STORAGE_KEYS.authToken]: JSON.stringify('token-1'),
    [STORAGE_KEYS.authUser]: JSON.stringify({ uid: 'u1', email: 'reader@example.com', displayName: null }),
    [STORAGE_KEYS.comicsReadingHistory]: JSON.stringify([{ comicId: '4', chapterId: '401', chapterTitle: 'Episode 1', page: 2, offset: 0, updatedAt: 1 }]),
    [STORAGE_KEYS.consent]: JSON.stringify('accepted'),
    [STORAGE_KEYS.isUserPassAgeVerification]: 'true',
  })

const app = (storage = returningVisitor()) => (
  <ComicsProvider apiBaseUrl="/api/v1" storage={storage}>
    <StoredState />
  </ComicsProvider>
)

describe('the stores in a server render and its hydration', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('render as a first visit on the server, whatever the stores hold', () => {
    expect(renderToString(app())).toContain('signedIn=false history=0 consent=unset age=false')
  })

  it('hydrate the server render without a mismatch, then show what is stored', async () => {
    const container = document.createElement('div')
    container.innerHTML = renderToString(app())
    document.body.append(container)
    const onRecoverableError = vi.fn()
    await act(async () => {
      hydrateRoot(container, app(), { onRecoverableError })
    })
    expect(onRecoverableError).not.toHaveBeenCalled()
    expect(container.textContent).toBe('signedIn=true history=1 consent=accepted age=true')
  })
})

describe('episode previews on a server-rendered page', () => {
  const chapters = MOCK_CHAPTERS.filter((chapter) => chapter.comicsId === MOCK_CHAPTERS[0]!.comicsId)
  const chapter = chapters.find((candidate) => candidate.previewImageUrl)!
  const row = () => (
    <ComicsProvider apiBaseUrl="/api/v1" storage={createMemoryStorage()}>
      <ul>
        <EpisodeRow chapter={chapter} chapters={chapters} />
      </ul>
    </ComicsProvider>
  )

  it('keep their box alone in the server render and load once the app has taken the page over', async () => {
    const html = renderToString(row())
    expect(html).toContain('<span class="comics-episode-row__preview" aria-hidden="true"></span>')
    expect(html).not.toContain('<img')
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const onRecoverableError = vi.fn()
    await act(async () => {
      hydrateRoot(container, row(), { onRecoverableError })
    })
    expect(onRecoverableError).not.toHaveBeenCalled()
    expect(container.querySelector('img.comics-episode-row__preview')?.getAttribute('src')).toBe(chapter.previewImageUrl)
  })

  it("keep the Download button's room, unseen, in the server render of an open episode: the row does not grow when it shows", () => {
    const open = chapters[0]!
    const html = renderToString(
      <ComicsProvider apiBaseUrl="/api/v1" storage={createMemoryStorage()}>
        <ul>
          <EpisodeRow chapter={open} chapters={chapters} />
        </ul>
        <DownloadButton comicId={open.comicsId} chapterId={open.id} />
      </ComicsProvider>,
    )
    // The row's, and only the row's: elsewhere (the reader's header) the buttons come in together.
    expect(html.match(/data-state="deciding"/g)).toHaveLength(1)
    expect(html).toMatch(/<div class="comics-download comics-episode-row__download" data-state="deciding" aria-hidden="true"><span class="comics-button comics-download__button">Download<\/span><\/div>/)
  })
})
