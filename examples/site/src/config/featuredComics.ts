import type { SiteMode } from '@comics/core'
import type { FeaturedComic } from '@comics/react'

// The home carousel per mode (spec §2 "Home"): three titles each, ids of the reference API's seeded
// catalogue (examples/api/src/seed, which gives these comics these titles): on the adult host its AO
// comics 1, 4 and 7, on the mirror the comics it shows there, 2, 6 and 8.
const featured = (id: string, slug: string, title: string, description: string): FeaturedComic => ({
  id,
  image: `/featured/${slug}-wide.svg`,
  mobileImage: `/featured/${slug}-tall.svg`,
  title,
  description,
  rating: 4.9,
  ageRating: '',
  isReadersChoice: true,
})

const ADULT_FEATURED: readonly FeaturedComic[] = [
  featured('1', 'velvet-secret', 'Velvet Secret', 'A secret kept behind velvet curtains, and the one night it slips out.'),
  featured('4', 'velvet-moon', 'Velvet Moon', 'Under a velvet moon two rivals find out what they really want.'),
  featured('7', 'velvet-nights', 'Velvet Nights', 'The last chapter of the velvet nights: nothing stays hidden forever.'),
]

const NORMAL_FEATURED: readonly FeaturedComic[] = [
  featured('2', 'dragon-garden', 'Dragon Garden', 'A gardener inherits a greenhouse where dragons hatch among the roses.'),
  featured('6', 'summer-night', 'Summer Night', 'One summer night, a whole town forgets the same person.'),
  featured('8', 'secret-moon', 'Secret Moon', 'Two students share a secret only the moon has seen.'),
]

export function featuredComicsFor(mode: SiteMode): readonly FeaturedComic[] {
  return mode === 'adult' ? ADULT_FEATURED : NORMAL_FEATURED
}
