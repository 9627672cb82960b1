import type { SiteMode } from '@comics/core'
import { MOCK_COMICS, placeholderImageUrl } from '@comics/mocks'
import type { FeaturedComic } from '@comics/react'

const HUES = [330, 210, 120]

/**
 * The home carousel's items as a site configures them (spec §2 "Home"): 3 per mode, mature titles on
 * the adult host and others on the normal one, rating 4.9, an empty ageRating, readers' choice.
 */
export function featuredFor(mode: SiteMode): FeaturedComic[] {
  const ratings = mode === 'adult' ? ['AO'] : ['T', 'M']
  return MOCK_COMICS.filter((comic) => ratings.includes(comic.contentRating))
    .slice(0, 3)
    .map((comic, index) => ({
      id: comic.id,
      image: placeholderImageUrl({ width: 1200, height: 500, hue: HUES[index] ?? 0, lines: [comic.title, 'Featured'] }),
      mobileImage: placeholderImageUrl({ width: 600, height: 600, hue: HUES[index] ?? 0, lines: [comic.title, 'Featured · mobile'] }),
      title: comic.title,
      description: comic.description,
      rating: 4.9,
      ageRating: '',
      isReadersChoice: true,
    }))
}
