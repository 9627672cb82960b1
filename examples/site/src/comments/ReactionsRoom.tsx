/**
 * The room of the comic page's counts line (ComicReactions) while they are not known: an empty line of the
 * same height, unseen by assistive technology, so that the page does not move when the counts show.
 */
export function ReactionsRoom() {
  return (
    <p className="site-comic__reactions" aria-hidden="true">
      {'\u00a0'}
    </p>
  )
}
