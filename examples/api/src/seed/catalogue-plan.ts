import type { ContentRatingCode } from '@comics/core/rules'

/**
 * The catalogue a first start seeds: more than 3000 episodes (the figure the spec promotes) over some
 * fifty comics, so each host lists well over the 10 of home's 'Something New'. Its pages share a pool
 * of 8 images per variant, so the episodes are rows, not drawings. Tests and the bench seed less.
 */
export const FIRST_START_CATALOGUE = { episodes: 3200, poolSize: 8 } as const

/** How a comic's cover and banner are drawn: a hue of its own and one of the compositions. */
export interface ArtworkLook {
  hue: number
  /** 0 sun and skyline, 1 diagonal bands and a figure, 2 rings, 3 tilted panels. */
  composition: number
  seed: number
}

export const COMPOSITIONS = 4

export interface ComicPlan {
  title: string
  description: string
  contentRating: ContentRatingCode
  displayOnMirror: boolean
  episodes: number
  /** Genre names, from {@link PLAIN_GENRES} and {@link MATURE_GENRES}. */
  genres: string[]
  banner: boolean
  look: ArtworkLook
}

export const PLAIN_GENRES = [
  'Romance',
  'Drama',
  'Fantasy',
  'Action',
  'Comedy',
  'Thriller',
  'Mystery',
  'Slice of Life',
  'Sci-Fi',
  'Horror',
  'Historical',
  'Sports',
] as const
/** Core's `hasUncensoredEdition` looks for 'Uncensored': comics with it get an uncensored variant. */
export const MATURE_GENRES = ['Mature', 'Adult Romance', 'Dark Fantasy', 'Uncensored'] as const

/**
 * The genres in the order they are inserted. The first ten keep the ids earlier seeds gave them, so links
 * such as /categories?genre=1 still name the same genre.
 */
export const GENRES: { name: string; mature: boolean }[] = [
  ...PLAIN_GENRES.slice(0, 6).map((name) => ({ name, mature: false })),
  ...MATURE_GENRES.map((name) => ({ name, mature: true })),
  ...PLAIN_GENRES.slice(6).map((name) => ({ name, mature: false })),
]

/**
 * The comics the site's home carousel features (examples/site/src/config/featuredComics.ts names them by
 * id): the seed gives those positions these titles, so a featured slide opens the comic it shows.
 */
const FEATURED: Record<number, { title: string; description: string }> = {
  0: { title: 'Velvet Secret', description: 'A secret kept behind velvet curtains, and the one night it slips out.' },
  1: { title: 'Dragon Garden', description: 'A gardener inherits a greenhouse where dragons hatch among the roses.' },
  3: { title: 'Velvet Moon', description: 'Under a velvet moon two rivals find out what they really want.' },
  5: { title: 'Summer Night', description: 'One summer night, a whole town forgets the same person.' },
  6: { title: 'Velvet Nights', description: 'The last chapter of the velvet nights: nothing stays hidden forever.' },
  7: { title: 'Secret Moon', description: 'Two students share a secret only the moon has seen.' },
}

const ADJECTIVES = [
  'Crimson', 'Silent', 'Velvet', 'Hollow', 'Gilded', 'Midnight', 'Broken', 'Scarlet', 'Frozen', 'Wandering',
  'Last', 'Hidden', 'Paper', 'Neon', 'Iron', 'Sweet', 'Wild', 'Electric', 'Lunar', 'Forgotten',
]
const NOUNS = [
  'Garden', 'Blade', 'Crown', 'Tide', 'Lantern', 'Promise', 'Throne', 'Orchard', 'Circuit', 'Harbor',
  'Witch', 'Letter', 'Sky', 'Spell', 'Heir', 'Melody', 'Storm', 'Compass', 'Mirror', 'Ember',
]
const ROLES = ['Landlord', 'Bodyguard', 'Rival', 'Roommate', 'Boss', 'Tutor', 'Neighbour', 'Knight', 'Duke', 'Manager']
const CREATURES = ['Dragon', 'Vampire', 'Ghost', 'Fox Spirit', 'Demon King', 'Robot', 'Mermaid', 'Werewolf']
const PLACES = ['Harbor Street', 'Room 404', 'Café Lune', 'the Glass Tower', 'Platform Nine', 'the Night Market', 'Willow Lane']

const TITLE_FORMS: ((pick: <T>(list: readonly T[]) => T) => string)[] = [
  (pick) => `The ${pick(ADJECTIVES)} ${pick(NOUNS)}`,
  (pick) => `${pick(NOUNS)} of the ${pick(ADJECTIVES)} ${pick(NOUNS)}`,
  (pick) => `${pick(ADJECTIVES)} ${pick(NOUNS)}`,
  (pick) => `My ${pick(ROLES)} Is a ${pick(CREATURES)}`,
  (pick) => `${pick(PLACES).replace(/^the /, 'The ')} After Dark`,
  (pick) => `Return of the ${pick(ADJECTIVES)} ${pick(ROLES)}`,
  (pick) => `${pick(['Witch', 'Blade', 'Storm', 'Crown', 'Spell', 'Lantern', 'Ember', 'Dragon'])} Academy`,
  (pick) => `A ${pick(CREATURES)} in ${pick(PLACES)}`,
]

const LEADS = [
  'A night-shift nurse', 'The youngest heir of a fallen house', 'A washed-up idol', 'A courier who never misses a delivery',
  'A librarian with a borrowed name', 'A former child star', 'A retired assassin', 'A first-year student',
  'A chef on her last chance', 'A detective who cannot sleep', 'A knight without a kingdom', 'A night-owl programmer',
  'A ghost who runs a bakery', 'An heiress on the run', 'A small-town pharmacist', 'A swordsman from the wrong century',
]
const HOOKS = [
  'finds a letter that should not exist', 'signs a contract with a stranger', 'inherits a house with one locked room',
  'wakes up three years in the past', 'agrees to a fake engagement', 'is hired to guard the person they hate most',
  'opens a door that was painted on a wall', 'loses a bet to a dragon', 'answers a call from a number that was deleted',
  'moves in next to a celebrity', 'is chosen by a sword nobody else can lift', 'starts a café on a haunted street',
]
const TWISTS = [
  'Nothing about the deal is what it seems.', 'Every episode ends one step closer to the truth.',
  'The city has its own plans.', 'Falling in love was never part of the job.', 'Someone is rewriting the rules.',
  'The past will not stay buried.', 'Only one of them can win.', 'The clock is already running.',
]

const ratings = ['AO', 'T', 'M'] as const

/**
 * The comics to seed, in creation order (the last is the newest), with `episodes` episodes in all spread
 * over comics of up to 80 episodes (smaller ones for a small catalogue). Ratings go AO, T, M in turn;
 * every other T and M comic shows on the mirror, AO never does; two AO comics in three have the
 * Uncensored genre. Deterministic for a given random source.
 */
export function planCatalogue(options: { episodes: number }, random: () => number): ComicPlan[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  const largest = Math.max(6, Math.min(80, Math.floor(options.episodes / 6)))
  const sizes: number[] = []
  for (let left = options.episodes; left > 0; ) {
    const size = Math.min(left, Math.ceil(largest / 2) + Math.floor(random() * (largest / 2 + 1)))
    sizes.push(size)
    left -= size
  }
  const titles = new Set(Object.values(FEATURED).map((featured) => featured.title))
  // The forms are dealt from a shuffled deck, so no pattern crowds a shelf; a title already given is
  // drawn again (from any form after a few tries).
  let deck: number[] = []
  const nextForm = () => {
    if (deck.length === 0) {
      deck = TITLE_FORMS.map((_, i) => i)
      for (let i = deck.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1))
        ;[deck[i], deck[j]] = [deck[j]!, deck[i]!]
      }
    }
    return TITLE_FORMS[deck.pop()!]!
  }
  const newTitle = () => {
    const form = nextForm()
    for (let attempt = 0; ; attempt++) {
      const drawn = (attempt < 10 ? form : pick(TITLE_FORMS))(pick)
      const title = attempt >= 40 ? `${drawn} ${attempt}` : drawn
      if (!titles.has(title)) {
        titles.add(title)
        return title
      }
    }
  }
  // Colours step round the wheel by the golden angle, so neighbouring covers never look alike.
  const hueStart = Math.floor(random() * 360)
  return sizes.map((episodes, i) => {
    const contentRating = ratings[i % 3]!
    const featured = FEATURED[i]
    const plain = new Set([pick(PLAIN_GENRES), pick(PLAIN_GENRES)])
    const genres: string[] = [...plain]
    if (contentRating === 'AO') {
      genres.push(pick(MATURE_GENRES.slice(0, 3)))
      if (i % 9 !== 6) genres.push('Uncensored')
    }
    const description = featured?.description ?? `${pick(LEADS)} ${pick(HOOKS)}. ${pick(TWISTS)}`
    return {
      title: featured?.title ?? newTitle(),
      description: contentRating === 'AO' && !featured ? `${description} For adult readers.` : description,
      contentRating,
      displayOnMirror: contentRating !== 'AO' && i % 2 === 1,
      episodes,
      genres,
      banner: i % 5 !== 4,
      look: { hue: Math.round(hueStart + i * 137.508) % 360, composition: (i + Math.floor(random() * 2)) % COMPOSITIONS, seed: 100 + i * 7 },
    }
  })
}

