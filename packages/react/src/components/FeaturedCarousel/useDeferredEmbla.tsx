import { lazy, Suspense, useCallback, useEffect, useRef, useState, type LazyExoticComponent, type ReactNode } from 'react'
import type useEmblaCarousel from 'embla-carousel-react'
import type { UseEmblaCarouselType } from 'embla-carousel-react'

export type EmblaApi = NonNullable<UseEmblaCarouselType[1]>
export type EmblaOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>

interface BindingProps {
  viewport: HTMLElement
  options: EmblaOptions
  onApi: (api: EmblaApi | undefined) => void
}

/**
 * Embla on a viewport, with its own React hook: a component of its own so that Embla (its chunk, when an
 * app's bundler splits dynamic imports) is loaded only once it is rendered. Made on first use, so that a
 * bundle without the carousels (the Reader alone) drops it and Embla with it.
 */
let EmblaBinding: LazyExoticComponent<(props: BindingProps) => null> | undefined
const bindingComponent = () =>
  (EmblaBinding ??= lazy(() =>
    import('embla-carousel-react').then(({ default: useEmbla }) => ({
      default: function EmblaBinding({ viewport, options, onApi }: BindingProps) {
        const [viewportRef, api] = useEmbla(options)
        useEffect(() => {
          viewportRef(viewport)
          return () => viewportRef(null)
        }, [viewportRef, viewport])
        useEffect(() => {
          if (!api) return
          // A slide focused before Embla started was scrolled into view by the browser (the viewport's
          // scrollLeft); Embla moves its slides by transform, so it takes that over.
          if (viewport.scrollLeft !== 0) {
            const focused = api.slideNodes().findIndex((slide) => slide.contains(document.activeElement))
            viewport.scrollLeft = 0
            const snap = api.internalEngine().slideRegistry.findIndex((slides) => slides.includes(focused))
            if (snap >= 0) api.scrollTo(snap, true)
          }
          onApi(api)
        }, [api, onApi, viewport])
        useEffect(() => () => onApi(undefined), [onApi])
        return null
      },
    })),
  ))

/** The events on a carousel that start Embla: a pointer over it or on it, a touch, focus or a key inside. */
export interface EmblaTriggers {
  onPointerEnter: () => void
  onPointerDown: () => void
  onTouchStart: () => void
  onFocus: () => void
}

export interface DeferredEmbla {
  /** The ref of the carousel's viewport. */
  viewportRef: (element: HTMLElement | null) => void
  /** The Embla API once it has started. */
  embla: EmblaApi | undefined
  /** Runs `action` on Embla: at once when it has started, else once it has (and starts it). */
  withEmbla: (action: (api: EmblaApi) => void) => void
  /** Spread on the carousel's element: the first of these starts Embla. */
  triggers: EmblaTriggers
  /** Render it anywhere in the carousel: Embla's binding, once it is wanted. */
  binding: ReactNode
}

/**
 * An Embla carousel started when the reader first reaches for it (a pointer over or on it, a touch,
 * focus inside, a control pressed) rather than with the page: the carousel's markup, the first slide
 * in view, is the same before and after, and the page paints and hydrates without Embla's code. A
 * control pressed before Embla has started acts once it has. `startOnMount`: started once mounted (a
 * carousel that is not part of a page's first paint), its code still loaded apart.
 * @example
 * const { viewportRef, embla, withEmbla, triggers, binding } = useDeferredEmbla({ loop: true })
 * <section {...triggers}><div ref={viewportRef}>…</div>{binding}<button onClick={() => withEmbla((api) => api.scrollNext())} /></section>
 */
export function useDeferredEmbla(options: EmblaOptions, { startOnMount = false }: { startOnMount?: boolean } = {}): DeferredEmbla {
  const [viewport, setViewport] = useState<HTMLElement | null>(null)
  const [wanted, setWanted] = useState(startOnMount)
  const [embla, setEmbla] = useState<EmblaApi>()
  const pending = useRef<((api: EmblaApi) => void)[]>([])
  const start = useCallback(() => setWanted(true), [])
  const viewportRef = useCallback((element: HTMLElement | null) => setViewport(element), [])
  const withEmbla = useCallback(
    (action: (api: EmblaApi) => void) => {
      if (embla) return action(embla)
      pending.current.push(action)
      setWanted(true)
    },
    [embla],
  )
  useEffect(() => {
    if (!embla) return
    for (const action of pending.current.splice(0)) action(embla)
  }, [embla])
  const [triggers] = useState<EmblaTriggers>(() => ({ onPointerEnter: start, onPointerDown: start, onTouchStart: start, onFocus: start }))
  let binding: ReactNode = null
  if (wanted && viewport) {
    const Binding = bindingComponent()
    binding = (
      <Suspense fallback={null}>
        <Binding viewport={viewport} options={options} onApi={setEmbla} />
      </Suspense>
    )
  }
  return { viewportRef, embla, withEmbla, triggers, binding }
}
