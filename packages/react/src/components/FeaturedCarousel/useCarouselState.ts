import { useEffect, useState, type KeyboardEvent } from 'react'
import type { EmblaApi } from './useDeferredEmbla'

export interface CarouselState {
  /** Index of the selected scroll snap. */
  selectedIndex: number
  /** How many scroll snaps there are (fewer than slides when several fit in view). */
  snapCount: number
  canScrollPrev: boolean
  canScrollNext: boolean
}

export interface CarouselControls extends CarouselState {
  /** ArrowLeft and ArrowRight move the carousel; put it on the carousel's container. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
}

const INITIAL: CarouselState = { selectedIndex: 0, snapCount: 0, canScrollPrev: false, canScrollNext: false }

/**
 * Follows an Embla carousel's selection so its controls can show it, and moves it with the arrow keys: which snap is selected, and
 * whether prev and next can move. Re-read on every select and re-init (a resize can change the snaps).
 * The keys act through `withEmbla` (useDeferredEmbla's), so a key pressed before Embla has started
 * moves it once it has.
 * @example
 * const { embla, withEmbla } = useDeferredEmbla({ loop: true })
 * const { selectedIndex, canScrollNext } = useCarouselState(embla, withEmbla)
 */
export function useCarouselState(embla: EmblaApi | undefined, withEmbla: (action: (api: EmblaApi) => void) => void): CarouselControls {
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
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') withEmbla((api) => api.scrollPrev())
    else if (event.key === 'ArrowRight') withEmbla((api) => api.scrollNext())
    else return
    event.preventDefault()
  }
  return { ...state, onKeyDown }
}
