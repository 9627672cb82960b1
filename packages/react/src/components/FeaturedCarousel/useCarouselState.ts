import { useEffect, useState } from 'react'
import type { UseEmblaCarouselType } from 'embla-carousel-react'

type EmblaApi = NonNullable<UseEmblaCarouselType[1]>

export interface CarouselState {
  /** Index of the selected scroll snap. */
  selectedIndex: number
  /** How many scroll snaps there are (fewer than slides when several fit in view). */
  snapCount: number
  canScrollPrev: boolean
  canScrollNext: boolean
}

const INITIAL: CarouselState = { selectedIndex: 0, snapCount: 0, canScrollPrev: false, canScrollNext: false }

/**
 * Follows an Embla carousel's selection so its controls can show it: which snap is selected, and
 * whether prev and next can move. Re-read on every select and re-init (a resize can change the snaps).
 * @example
 * const [viewportRef, embla] = useEmblaCarousel({ loop: true })
 * const { selectedIndex, canScrollNext } = useCarouselState(embla)
 */
export function useCarouselState(embla: EmblaApi | undefined): CarouselState {
  const [state, setState] = useState<CarouselState>(INITIAL)
  useEffect(() => {
    if (!embla) return
    const read = () =>
      setState({
        selectedIndex: embla.selectedScrollSnap(),
        snapCount: embla.scrollSnapList().length,
        canScrollPrev: embla.canScrollPrev(),
        canScrollNext: embla.canScrollNext(),
      })
    read()
    embla.on('select', read).on('reInit', read)
    return () => {
      embla.off('select', read).off('reInit', read)
    }
  }, [embla])
  return state
}
