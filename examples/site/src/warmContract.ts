import { comicByIdRequest, comicChaptersRequest, endpoints, episodeAssetsRequest, homeComicsRequest } from '@comics/core'

/**
 * The document starts this module beside the entry script, as an async module script: its graph (zod and
 * the contract, a chunk the entry shares) is small and arrives first, and it runs while the entry still
 * downloads. It builds the schemas of the landing screens' calls and runs each once on a sample, so that
 * zod's classes, those schemas and their parse code are ready when the entry checks the document's
 * answers: that work was part of the entry's run before the first render (docs/performance.md), and is
 * now done while the page waits for the network. Module instances are shared, so the entry finds them built;
 * nothing here is sent or kept.
 */
const page = { id: '1', url: '/p.webp', width: 800, height: 1200, widths: [480], comicsId: '1', chapterId: '1', variant: 'censored', position: 1 }
const comic = {
  id: '1',
  title: 'T',
  description: '',
  coverImageUrl: '/c.webp',
  bannerImageUrl: '',
  contentRating: 'T',
  genres: [{ id: '1', name: 'G', mature: false }],
  displayOnMirror: true,
  createdAt: '2026-01-01T00:00:00.000Z',
}
const chapter = { id: '1', comicsId: '1', title: 'E', chapterNumber: 1, isFree: true, previewImageUrl: '' }

/** Parses a valid sample with each schema the landing screens use first; true for each that passed. */
export function warmContract(): boolean[] {
  return [
    endpoints.listComics.body.safeParse(homeComicsRequest()),
    endpoints.listComics.body.safeParse(comicByIdRequest('1')),
    endpoints.listComics.response.safeParse({ data: [comic], total: 1 }),
    endpoints.listChapters.body.safeParse(comicChaptersRequest('1')),
    endpoints.listChapters.response.safeParse({ data: [chapter], total: 1 }),
    endpoints.listAssets.body.safeParse(episodeAssetsRequest({ comicId: '1', chapterId: '1', variant: 'censored' })),
    endpoints.listAssets.response.safeParse({ data: [page], total: 1 }),
  ].map((result) => result.success)
}

warmContract()
