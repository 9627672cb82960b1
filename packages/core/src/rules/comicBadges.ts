/**
 * The tags on a comic's cover (spec §2 "Comic page": 'Comic of the day' and "Reader's choice"), shown only
 * where they apply: the comic of the day is the lead of the host's featured list (the home carousel's first
 * slide), and a reader's choice is a featured comic its entry marks so. Any other comic carries neither.
 */
export type ComicBadge = 'comic-of-the-day' | 'readers-choice'

/** What the badges need of one featured entry. */
export interface FeaturedEntry {
  id: string
  isReadersChoice: boolean
}

/**
 * The badges the comic carries, in the order shown.
 * @example comicBadges('1', [{ id: '1', isReadersChoice: true }, { id: '4', isReadersChoice: false }]) // ['comic-of-the-day', 'readers-choice']
 */
export function comicBadges(comicId: string, featured: readonly FeaturedEntry[]): ComicBadge[] {
  const badges: ComicBadge[] = []
  if (featured[0]?.id === comicId) badges.push('comic-of-the-day')
  if (featured.some((entry) => entry.id === comicId && entry.isReadersChoice)) badges.push('readers-choice')
  return badges
}
