import { describe, expect, it } from 'vitest'
import { assetVariant, type PreloadedAnswer } from '@comics/core'
import { MOCK_ASSETS, MOCK_CHAPTERS, MOCK_COMICS } from '@comics/mocks'
import { landingCalls, withParams } from '../../landingCalls'
import { ANSWERS_ELEMENT_ID, documentWithRender, jsonInScript } from '../../src/server/document'
import { serverLanding } from '../../src/server/renderLanding'

const SITE = 'http://localhost:4173'
/** The calls the server makes at `url`, and its render there with `answers`; null where it renders nothing. */
const landingCallsAt = (url: string) => serverLanding(url)?.calls ?? null
const renderLanding = async ({ url, answers }: { url: string; answers: [string, PreloadedAnswer][] }) => (await serverLanding(url)?.render(answers)) ?? null
const comic = MOCK_COMICS.find((c) => c.contentRating !== 'AO')!
const chapters = MOCK_CHAPTERS.filter((c) => c.comicsId === comic.id)
const chapter = chapters[0]!
const pages = MOCK_ASSETS.filter((a) => a.chapterId === chapter.id && a.variant === assetVariant({ mode: 'normal', uncensored: false }))

/** The answers of the calls the server makes at `path`, as the API would give them. */
function answersAt(path: string, overrides: Partial<Record<string, PreloadedAnswer>> = {}): [string, PreloadedAnswer][] {
  const byPath: Record<string, PreloadedAnswer> = {
    '/comics/list': { status: 200, data: { data: [comic], total: 1 } },
    '/chapters/list': { status: 200, data: { data: chapters, total: chapters.length } },
    '/comics-assets/list': { status: 200, data: { data: pages, total: pages.length } },
    ...overrides,
  }
  return landingCallsAt(`${SITE}${path}`)!.map(({ key, path: callPath }) => [key, byPath[callPath]!])
}

describe('the server render of a landing screen', () => {
  it("makes the reader's calls as a guest's document starts them, with the address's parameters", () => {
    const calls = landingCallsAt(`${SITE}/comic/${comic.id}/${chapter.id}`)
    const params = { comicId: comic.id, chapterId: chapter.id }
    const expected = landingCalls('ReaderScreen', 'normal', false).map((call) => {
      const { key, path, body } = withParams(call, params)
      return { key, path, body }
    })
    expect(calls).toEqual(expected)
    expect(calls!.map((call) => call.path)).toEqual(['/comics/list', '/chapters/list', '/comics-assets/list'])
    const uncensored = withParams(landingCalls('ReaderScreen', 'normal', true).at(-1)!, params).body
    expect(landingCallsAt(`${SITE}/comic/${comic.id}/${chapter.id}/uncensored`)!.at(-1)!.body).toBe(uncensored)
  })

  it('renders nothing on the adult host (its age gate comes first), on an unknown host or on other screens', async () => {
    for (const url of [`http://adult.localhost:4173/comic/${comic.id}`, `http://elsewhere.example/comic/${comic.id}`, `${SITE}/premium`, `${SITE}/account`, `${SITE}/categories`]) {
      expect(landingCallsAt(url)).toBeNull()
      expect(await renderLanding({ url, answers: [] })).toBeNull()
    }
  })

  it('renders the reader with its title, episode and first page, sized and with its renditions, and no other page', async () => {
    const path = `/comic/${comic.id}/${chapter.id}`
    const html = (await renderLanding({ url: `${SITE}${path}`, answers: answersAt(path) }))!
    expect(html).toContain(`<h1 class="comics-reader__comic-title">${comic.title}</h1>`)
    expect(html).toContain(chapter.title)
    const images = [...html.matchAll(/<img [^>]*class="comics-reader__image"[^>]*>/g)].map((match) => match[0])
    expect(images).toHaveLength(1)
    expect(images[0]).toContain(`alt="Page 1 of ${pages.length}"`)
    expect(images[0]).toContain(`width="${pages[0]!.width}"`)
    expect(images[0]).toContain('fetchPriority="high"')
  })

  it('renders the comic page with its cover and episodes, and the home page with its newest comics', async () => {
    const comicPath = `/comic/${comic.id}`
    const comicPage = (await renderLanding({ url: `${SITE}${comicPath}`, answers: answersAt(comicPath) }))!
    expect(comicPage).toContain('comics-comic-preview__cover-image')
    expect(comicPage).toContain(comic.title)
    expect(comicPage).toContain(chapter.title)
    const home = (await renderLanding({ url: `${SITE}/`, answers: answersAt('/') }))!
    expect(home).toContain(comic.title)
  })

  it('renders what the kit shows for a refused call: its hooks ask again in the browser', async () => {
    const path = `/comic/${comic.id}/${chapter.id}`
    const refused = { status: 503, data: null }
    const html = (await renderLanding({ url: `${SITE}${path}`, answers: answersAt(path, { '/comics-assets/list': refused }) }))!
    expect(html).not.toContain('comics-reader__image')
    expect(html).toContain('comics-reader')
  })
})

describe('the document of a server render', () => {
  const template =
    '<html><head><title>Comics</title>\n    <script>inline()</script><script type="module" src="/a.js"></script></head><body><div id="root"></div></body></html>'

  it('puts the answers before the first script and the markup into #root, marked', () => {
    const answers: [string, PreloadedAnswer][] = [['listComics {}', { status: 200, data: { data: [] } }]]
    const html = documentWithRender(template, '<main>Hello</main>', answers)
    expect(html).toContain(
      `<title>Comics</title>\n    <script type="application/json" id="${ANSWERS_ELEMENT_ID}">${JSON.stringify(answers)}</script>\n    <script>inline()</script>`,
    )
    expect(html).toContain('<div id="root" data-server-rendered><main>Hello</main></div>')
  })

  it('keeps an answer from closing its element or starting a comment', () => {
    const text = jsonInScript({ title: '</script><script>alert(1)</script><!--' })
    expect(text).not.toMatch(/<\/script|<!--/i)
    expect(JSON.parse(text)).toEqual({ title: '</script><script>alert(1)</script><!--' })
  })

  it('refuses a template without an empty #root', () => {
    expect(() => documentWithRender('<html><body><script></script></body></html>', '', [])).toThrow(/#root/)
  })
})
