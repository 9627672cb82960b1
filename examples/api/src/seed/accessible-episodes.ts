import type { TranscriptEntry } from '@comics/core/contract'

/**
 * What the seed writes for readers who do not see the pages, on the first episode of each comic: the alt
 * text of its pages after the first (the first keeps "Page 1 of n", so both kinds of page name show) and
 * a transcript. Drawn from the comic's place in the catalogue, so every seed writes the same.
 */
const SCENES = [
  'A narrow street at dusk, lanterns coming on one by one above the shop signs.',
  '{a} stops in the rain, a crumpled letter in one hand, eyes on a lit window.',
  'Close-up of the letter: three lines of hurried handwriting and a pressed flower.',
  '{b} opens the door, a towel over one shoulder, caught mid-laugh.',
  'The two of them face each other across the doorstep; thunder cracks the sky behind.',
  'Inside, a cluttered kitchen: a kettle steaming, two mismatched cups on the table.',
  '{a} sits down slowly while {b} pours the tea without looking up.',
  'A long panel of the window from outside, the rain running down, two shadows close together.',
  'Morning light on an empty street; the letter lies open on the table.',
  'A wide view of the town from the hill, the sea beyond, a single bird overhead.',
]
const PAIRS = [
  ['Mara', 'Jun'],
  ['Ilya', 'Rosa'],
  ['Tomas', 'Lea'],
  ['Hana', 'Oskar'],
  ['Nico', 'Sable'],
] as const

const pairOf = (comicIndex: number) => PAIRS[comicIndex % PAIRS.length]!
const named = (text: string, [a, b]: readonly [string, string]) => text.replaceAll('{a}', a).replaceAll('{b}', b)

/** The alt text of page `position` (from 2) of the first episode of the `comicIndex`-th comic. */
export function seededPageAlt(comicIndex: number, position: number): string {
  return named(SCENES[(comicIndex + position - 2) % SCENES.length]!, pairOf(comicIndex))
}

/** The transcript of the first episode of the `comicIndex`-th comic, of `pages` pages. */
export function seededTranscript(comicIndex: number, title: string, pages: number): TranscriptEntry[] {
  const [a, b] = pairOf(comicIndex)
  const entries: TranscriptEntry[] = [
    { page: 1, kind: 'narration', text: `${title}. Episode 1.` },
    { page: 1, kind: 'description', text: 'A narrow street at dusk; the first lanterns come on.' },
    { page: 2, kind: 'sound', text: 'Drip… drip…' },
    { page: 2, kind: 'dialogue', speaker: a, text: 'I said I would come back. I did not say when.' },
    { page: 3, kind: 'dialogue', speaker: b, text: 'You took your time.' },
    { page: 3, kind: 'dialogue', speaker: a, text: 'Are you going to let me in, or do I read it to you out here?' },
  ]
  for (let page = 4; page <= pages; page++) {
    entries.push(
      page % 2 === 0
        ? { page, kind: 'description', text: named(SCENES[(comicIndex + page - 2) % SCENES.length]!, [a, b]) }
        : { page, kind: 'dialogue', speaker: page % 4 === 1 ? b : a, text: page === pages ? 'Tomorrow, then.' : 'Not yet. Drink your tea.' },
    )
  }
  return entries
}
