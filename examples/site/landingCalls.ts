// The calls each landing screen makes first, for a guest: the document starts them (see routePreloads.ts)
// so their answers download beside the scripts, and the kit's client takes them (PreloadedCalls in
// @comics/core). Built with the kit's own request presets, so the bodies are those the kit sends.
import { endpoints, type EndpointName } from '../../packages/core/src/contract/endpoints'
import {
  comicByIdRequest,
  comicChaptersRequest,
  episodeAssetsRequest,
  homeComicsRequest,
  hostComicsRequest,
} from '../../packages/core/src/api/presets'
import { preloadedCallKey } from '../../packages/core/src/api/preloadedCalls'
import { assetVariant, type SiteMode } from '../../packages/core/src/rules/access'
import { READER_PAGE_SIZES } from '../../packages/react/src/components/Reader/pageSizes'

/** Placeholders the document replaces with the address's route parameters (JSON-escaped). */
export const PARAM = { comicId: '{{comicId}}', chapterId: '{{chapterId}}' } as const

/**
 * One call: its endpoint's path, its JSON body and its key for the kit's client (`preloadedCallKey`),
 * both with {@link PARAM} placeholders, and where in its answer the screen's first image is (preloaded at
 * high priority once the answer arrives): a URL, or with `imageSizes` a page (an Asset), whose renditions
 * the preload offers with those sizes, as the Reader's image does.
 */
export interface LandingCall {
  path: string
  body: string
  key: string
  image?: readonly (string | number)[]
  imageSizes?: string
}

const call = (name: EndpointName, body: unknown, image?: readonly (string | number)[], imageSizes?: string): LandingCall => ({
  path: endpoints[name].path,
  body: JSON.stringify(body),
  key: preloadedCallKey(name, body),
  ...(image ? { image } : {}),
  ...(imageSizes ? { imageSizes } : {}),
})

/**
 * The calls `screen` makes when it opens for a guest in `mode`, on an uncensored route or not: the
 * queries of HomeScreen (ComicCarousel), ComicScreen (ComicPreview, EpisodeList) and ReaderScreen
 * (Reader); other screens: none.
 */
export function landingCalls(screen: string, mode: SiteMode, uncensored: boolean): LandingCall[] {
  const { comicId, chapterId } = PARAM
  const comic = (image?: readonly (string | number)[]) => call('listComics', hostComicsRequest(comicByIdRequest(comicId), mode), image)
  const chapters = call('listChapters', comicChaptersRequest(comicId))
  switch (screen) {
    case 'HomeScreen':
      return [call('listComics', hostComicsRequest(homeComicsRequest(), mode))]
    case 'ComicScreen':
      return [comic(['data', 0, 'coverImageUrl']), chapters]
    case 'ReaderScreen': {
      const variant = assetVariant({ mode, uncensored })
      return [comic(), chapters, call('listAssets', episodeAssetsRequest({ comicId, chapterId, variant }), ['data', 0], READER_PAGE_SIZES)]
    }
    default:
      return []
  }
}

/**
 * `call` with the address's route parameters in its key and body, escaped for the JSON they sit in, as
 * the document's script fills them (routePreloads.ts) and the server does (src/server/renderLanding.tsx).
 */
export function withParams(call: LandingCall, params: Partial<Record<keyof typeof PARAM, string>>): LandingCall {
  const fill = (text: string) =>
    text.replace(/\{\{(comicId|chapterId)\}\}/g, (_, key: keyof typeof PARAM) => JSON.stringify(params[key] ?? '').slice(1, -1))
  return { ...call, key: fill(call.key), body: fill(call.body) }
}

/** The calls of `screen` for every mode and route variant, keyed as the document looks them up. */
export function landingCallTable(screen: string): Record<string, LandingCall[]> {
  const table: Record<string, LandingCall[]> = {}
  for (const mode of ['adult', 'normal'] as const) {
    for (const uncensored of [false, true]) {
      const calls = landingCalls(screen, mode, uncensored)
      if (calls.length > 0) table[`${mode}${uncensored ? '/uncensored' : ''}`] = calls
    }
  }
  return table
}
