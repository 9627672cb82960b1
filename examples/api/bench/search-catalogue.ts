import { count, sql } from 'drizzle-orm'
import type { Database } from '../src/db/database'
import { comics } from '../src/db/schema'

/** How many comics the bench's search runs on (issue 22: search p99 on 10,000 comics). */
export const SEARCH_BENCH_COMICS = 10_000

const ADJECTIVES = [
  'Velvet', 'Crimson', 'Silent', 'Hidden', 'Golden', 'Broken', 'Eternal', 'Wild', 'Frozen', 'Burning',
  'Midnight', 'Scarlet', 'Hollow', 'Gentle', 'Savage', 'Lonely', 'Radiant', 'Forgotten', 'Endless', 'Secret',
  'Élan', 'Café', 'Señorita', 'Über', 'Crème', 'Noël', 'Façade', 'Jalapeño', 'Naïve', 'Déjà',
]
const NOUNS = [
  'Moon', 'Garden', 'Dragon', 'Knight', 'Empire', 'Harbour', 'Lighthouse', 'Academy', 'Witch', 'Kingdom',
  'Bakery', 'Detective', 'Orchestra', 'Courier', 'Alchemist', 'Lantern', 'Compass', 'Serpent', 'Tempest', 'Cathedral',
  'Mirror', 'Raven', 'Voyage', 'Circus', 'Labyrinth', 'Sanctuary', 'Monarch', 'Phoenix', 'Archive', 'Frontier',
]
const PLACES = ['Zürich', 'Kyoto', 'Lisbon', 'Reykjavík', 'Montréal', 'Seoul', 'Marrakesh', 'Kraków', 'Busan', 'São Paulo']
const TURNS = [
  'inherits a debt nobody can pay', 'finds a letter from the future', 'swaps places with a rival',
  'wakes up in a story already finished', 'promises to keep one last secret', 'starts over under another name',
]

const SYLLABLES = ['ka', 'ri', 'mo', 'len', 'dor', 'via', 'tha', 'an', 'el', 'is', 'or', 'un', 'ba', 'zu', 'qui', 'ne', 'ta', 'ro', 'shi', 'vé']

/** A small deterministic generator (mulberry32): the same catalogue on every run. */
function randomOf(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const pick = <T>(random: () => number, list: readonly T[]) => list[Math.floor(random() * list.length)]!

/**
 * Adds text-only comics (no images, no episodes) until the catalogue has `wanted` comics: titles of two or
 * three words, accented ones among them, descriptions of a sentence or two, every rating and mirror flag.
 */
export async function ensureSearchCatalogue(db: Database, wanted = SEARCH_BENCH_COMICS): Promise<void> {
  const [row] = await db.select({ total: count() }).from(comics)
  let have = row?.total ?? 0
  if (have >= wanted) return
  const random = randomOf(have + 1)
  const ratings = ['AO', 'T', 'M'] as const
  while (have < wanted) {
    const batch = Array.from({ length: Math.min(1_000, wanted - have) }, (_, index) => {
      const title = `${pick(random, ADJECTIVES)} ${pick(random, NOUNS)}${random() < 0.3 ? ` of ${pick(random, PLACES)}` : ''}`
      // A name of its own for each lead, so the catalogue has thousands of words, as real ones do.
      const syllables = 2 + Math.floor(random() * 2)
      const name = Array.from({ length: syllables }, () => pick(random, SYLLABLES)).join('')
      const description = `In ${pick(random, PLACES)}, ${name[0]!.toUpperCase()}${name.slice(1)} the ${pick(random, NOUNS).toLowerCase()} keeper ${pick(random, TURNS)}.${
        random() < 0.5 ? ` Then the ${pick(random, ADJECTIVES).toLowerCase()} ${pick(random, NOUNS).toLowerCase()} ${pick(random, TURNS)}.` : ''
      }`
      return { title, description, contentRating: ratings[(have + index) % 3]!, displayOnMirror: random() < 0.7 }
    })
    await db.insert(comics).values(batch)
    have += batch.length
  }
  // The planner's statistics, as PostgreSQL's autovacuum would gather them (PGlite runs no autovacuum).
  await db.execute(sql`analyze comics`)
  await db.execute(sql`analyze search_words`)
}

/** One typo as readers make them: a letter dropped, doubled or two swapped. */
function withTypo(random: () => number, word: string): string {
  const at = 1 + Math.floor(random() * (word.length - 2))
  const kind = Math.floor(random() * 3)
  if (kind === 0) return word.slice(0, at) + word.slice(at + 1)
  if (kind === 1) return word.slice(0, at) + word[at] + word.slice(at)
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
}

/**
 * The bodies the bench searches with, in turn: what readers type (a title word or two with a typo, a
 * word without its accents, a place of a description), as the top bar (8 results) and the search page
 * (24) ask for them.
 */
export function searchBenchQueries(): { q: string; limit: number; offset: number }[] {
  const random = randomOf(22)
  const unaccented = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '')
  const queries = Array.from({ length: 60 }, (_, index) => {
    const noun = pick(random, NOUNS)
    const adjective = pick(random, ADJECTIVES)
    const kinds = [
      () => withTypo(random, noun.toLowerCase()),
      () => `${adjective.toLowerCase()} ${withTypo(random, noun.toLowerCase())}`,
      () => unaccented(adjective).toLowerCase(),
      () => withTypo(random, unaccented(pick(random, PLACES)).toLowerCase()),
      () => noun.slice(0, 3).toLowerCase(),
    ]
    return { q: kinds[index % kinds.length]!(), limit: index % 2 ? 24 : 8, offset: 0 }
  })
  return queries
}
