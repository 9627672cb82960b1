import { memo, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react'
import { assetSrcSet, retryDelayMs, withSearchParam, type Asset, type AssetTile } from '@comics/core'
import { useMessages } from '../../hooks'
import { formatMessage, EPISODE_MESSAGES } from '../../messages'
import { READER_PAGE_SIZES } from './pageSizes'

/** A page without width and height from the API still gets a box of a typical webtoon slice. */
const FALLBACK_SIZE = { width: 800, height: 1200 }
/**
 * Element Timing identifier of each episode's first page (`elementtiming`), so that a site measures when
 * the first page was painted with a PerformanceObserver of type 'element'.
 */
export const FIRST_PAGE_ELEMENT_TIMING = 'comics-reader-first-page'
/** Failures retried on their own before the retry button shows. */
export const AUTOMATIC_PAGE_RETRIES = 3
/**
 * A page still not in this long after it came into view counts as failed: a stalled connection never
 * fires an error, and the browser would wait minutes. Long enough for a large page on a slow network.
 */
export const PAGE_STALL_MS = 15_000

type PageState = 'loading' | 'loaded' | 'retrying' | 'failed'

/**
 * The url of another try at a page: a query parameter makes the browser (and any CDN) ask again
 * instead of replaying a cached failure. data: and blob: urls cannot carry one; the img is re-mounted
 * instead, which loads them again.
 */
function retryUrl(url: string, attempt: number): string {
  return attempt === 0 || /^(data|blob):/i.test(url) ? url : withSearchParam(url, 'comics-retry', attempt)
}

/**
 * What loads a page image: `src`, and with the page's renditions (`widths`) an `srcset` and `sizes`, so a
 * phone downloads a width that fills its screen instead of the full image. The next episode's prefetch
 * uses the same, so that it downloads the very file the page will show.
 */
export function pageImageSources(
  asset: Pick<Asset, 'url' | 'width' | 'widths'>,
  attempt = 0,
  sizes: string = READER_PAGE_SIZES,
): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = assetSrcSet(asset, (url) => retryUrl(url, attempt))
  return srcSet ? { src: retryUrl(asset.url, attempt), srcSet, sizes } : { src: retryUrl(asset.url, attempt) }
}

/**
 * A tile's box: its share of the page's box, so the tiles stack to the page's height before any arrives.
 * Every tile but the last reaches 1 px further, under the next one: where a seam falls within a device
 * pixel (a fractional pixel ratio, most widths), both tiles' edges are blended into that row and the
 * background would show through as a faint line. Stretched by 1 px in thousands, the tile looks the same.
 */
function tileBoxStyle(tile: Pick<AssetTile, 'height'>, pageHeight: number, last: boolean): CSSProperties {
  const share = `${(tile.height / pageHeight) * 100}%`
  return last ? { height: share } : { height: `calc(${share} + 1px)`, marginBottom: '-1px' }
}

/** The box a page takes before its image arrives: its aspect ratio, and its size while skipped off-screen. */
function pageBoxStyle(size: { width?: number | null | undefined; height?: number | null | undefined }): CSSProperties {
  const width = size.width ?? FALLBACK_SIZE.width
  const height = size.height ?? FALLBACK_SIZE.height
  return { aspectRatio: `${width} / ${height}`, containIntrinsicSize: `auto ${width}px auto ${height}px` }
}

/**
 * A page whose image is not mounted yet: the same box as {@link ReaderPage}, so the strip's length and
 * every offset (reading position, scroll) are already right, without an image, state or observer.
 */
export function ReaderPagePlaceholder({ asset, index }: Pick<ReaderPageProps, 'asset' | 'index'>) {
  return <li className="comics-reader__page" data-page-index={index} data-state="pending" style={pageBoxStyle(asset)} />
}

export interface ReaderPageProps {
  asset: Asset
  /** Zero-based position in the episode. */
  index: number
  total: number
  /** Called once when the page's image has loaded, or has failed after its automatic retries. */
  onArrive?: () => void
  /** The image's `sizes` (default {@link READER_PAGE_SIZES}). */
  sizes?: string
  /**
   * Asks for the episode's page list again; settles when it has come (or failed). Called once, when the
   * image of a page at a signed address (`expiresAt`) fails to load: the address may have expired while
   * the tab stayed open. A new address then loads; the same one goes on to the normal retries.
   */
  onSignedUrlFailed?: () => Promise<readonly Asset[] | undefined>
}

/**
 * One page of the strip, named by its alt text (`asset.alt`, written in the studio), else 'Page n of m'. Its box is reserved from the page's width and height before the image
 * arrives (no layout shift, no zero-height page that would skip the reader past an episode), and
 * off-screen pages skip rendering through `content-visibility: auto` sized by those same numbers.
 * The first page loads eagerly with high priority, the others lazily; every page decodes asynchronously. A failed
 * page retries by itself with backoff (core `retryDelayMs`), then offers 'Retry page {n}'; the rest of
 * the episode is left alone. A page that has not arrived {@link PAGE_STALL_MS} after it came into view
 * counts as failed too.
 *
 * A tall page cut into tiles (the asset's `tiles`, core `pageTileHeights`) shows them stacked with no gap,
 * each in its share of the page's box, as one image: one `role="img"` named like any page, the tiles without
 * names of their own. Each tile loads lazily (the first page's first tile eagerly); the page has arrived
 * with its first tile, and a tile that fails or stalls retries the page's way, the tiles already loaded
 * not asked for again. The page is one element still, for the reading position.
 */
export const ReaderPage = memo(function ReaderPage({ asset, index, total, onArrive, sizes, onSignedUrlFailed }: ReaderPageProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<PageState>('loading')
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null)
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const box = useRef<HTMLLIElement>(null)
  useEffect(() => () => clearTimeout(retryTimer.current), [])

  const tiles = asset.tiles && asset.tiles.length > 0 ? asset.tiles : undefined
  const tilesHeight = tiles?.reduce((sum, tile) => sum + tile.height, 0) ?? 0
  // The attempt each loaded tile was loaded by: a retry leaves those alone (their element and address).
  const tilesLoaded = useRef(new Map<number, number>())
  // The attempt that already counted as failed: tiles failing together fail the page once.
  const failedAttempt = useRef(-1)
  const width = asset.width ?? natural?.width ?? FALLBACK_SIZE.width
  const height = asset.height ?? (tiles ? tilesHeight : undefined) ?? natural?.height ?? FALLBACK_SIZE.height
  const first = index === 0
  const n = index + 1

  const tryAgain = () => {
    setAttempt((current) => current + 1)
    setState('loading')
  }
  // The signed address whose failure already asked for the page list again (once per page).
  const renewedFrom = useRef<string | null>(null)
  // A new address from the list asked again: load it. In the commit that shows the new address, so the
  // page never reads 'retrying' with the new image in it.
  useLayoutEffect(() => {
    if (renewedFrom.current !== null && renewedFrom.current !== asset.url) {
      // The tiles' addresses are new too: every one loads again.
      tilesLoaded.current.clear()
      failedAttempt.current = -1
      setState('loading')
    }
  }, [asset.url])
  const retryLater = () => {
    if (attempt < AUTOMATIC_PAGE_RETRIES) {
      setState('retrying')
      retryTimer.current = setTimeout(tryAgain, retryDelayMs(attempt))
    } else {
      setState('failed')
      onArrive?.()
    }
  }
  const onError = () => {
    if (failedAttempt.current === attempt) return
    failedAttempt.current = attempt
    if (asset.expiresAt && onSignedUrlFailed && renewedFrom.current === null) {
      const failed = asset.url
      renewedFrom.current = failed
      setState('retrying')
      void onSignedUrlFailed().then(
        (pages) => {
          // Still the same address (or the page is gone): not an expiry, the normal retries take it from here.
          const renewed = pages?.find((page) => page.id === asset.id)
          if (!renewed || renewed.url === failed) retryLater()
        },
        retryLater,
      )
      return
    }
    retryLater()
  }

  // The stall clock of this attempt starts when the page comes into view: a lazy page far below has
  // not been requested yet, and must not fail for waiting.
  const onStall = useRef(onError)
  useLayoutEffect(() => {
    onStall.current = onError
  })
  // A tall page's tiles each start their own clock, when they come into view and have not arrived: a
  // tile further down the page is not asked for before the reader nears it.
  useEffect(() => {
    const element = box.current
    // A tall page shown from its first tile still has tiles on their way below.
    const waiting = state === 'loading' || (state === 'loaded' && tiles !== undefined && tilesLoaded.current.size < tiles.length)
    if (!waiting || !element || typeof IntersectionObserver === 'undefined') return
    const stallTimers: ReturnType<typeof setTimeout>[] = []
    const watched = tiles
      ? [...element.querySelectorAll<HTMLElement>('[data-tile-index]')].filter((tile) => !tilesLoaded.current.has(Number(tile.getAttribute('data-tile-index'))))
      : [element]
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        observer.unobserve(entry.target)
        const tile = entry.target.getAttribute('data-tile-index')
        if (tile !== null && tilesLoaded.current.has(Number(tile))) continue
        stallTimers.push(
          setTimeout(() => {
            if (tile === null || !tilesLoaded.current.has(Number(tile))) onStall.current()
          }, PAGE_STALL_MS),
        )
      }
    })
    for (const target of watched) observer.observe(target)
    return () => {
      observer.disconnect()
      for (const timer of stallTimers) clearTimeout(timer)
    }
  }, [state, attempt, tiles])

  // A page the server rendered may have loaded before the script took it over: no load event then.
  const image = useRef<HTMLImageElement>(null)
  const arrivedAttempt = useRef(-1)
  const arrived = (element: HTMLImageElement) => {
    if (arrivedAttempt.current === attempt) return
    arrivedAttempt.current = attempt
    if (!asset.width || !asset.height) setNatural({ width: element.naturalWidth || width, height: element.naturalHeight || height })
    setState('loaded')
    onArrive?.()
  }
  // A tall page has arrived with its first tile, what the reader sees of it first: the tiles below load as
  // the reader nears them (lazily), and one that fails then retries the page's way.
  const tileArrived = (index: number, tileAttempt: number) => {
    if (!tiles || tilesLoaded.current.has(index)) return
    tilesLoaded.current.set(index, tileAttempt)
    if (!tilesLoaded.current.has(0) || arrivedAttempt.current === attempt) return
    arrivedAttempt.current = attempt
    setState('loaded')
    onArrive?.()
  }
  const tileImages = useRef<(HTMLImageElement | null)[]>([])
  // Runs after the commit of the render whose attempt it checks: that render's `arrived` is current.
  useEffect(() => {
    if (tiles) {
      tileImages.current.forEach((element, index) => {
        if (element?.complete && element.naturalWidth > 0) tileArrived(index, tilesLoaded.current.get(index) ?? attempt)
      })
      return
    }
    const element = image.current
    if (element?.complete && element.naturalWidth > 0) arrived(element)
  }, [attempt])

  const style = pageBoxStyle({ width, height })
  // What the studio wrote the page shows; without it, where the page is ("Page 3 of 42").
  const alt = asset.alt ?? formatMessage(messages['reader.pageAlt'], { n, total })

  return (
    <li ref={box} className="comics-reader__page" data-page-index={index} data-state={state} data-tiles={tiles?.length} style={style}>
      {tiles ? (
        <div className="comics-reader__tiles" role="img" aria-label={alt}>
          {tiles.map((tile, tileIndex) => {
            // A loaded tile keeps the attempt that loaded it: the same element, nothing asked for again.
            const tileAttempt = tilesLoaded.current.get(tileIndex) ?? attempt
            const eager = first && tileIndex === 0
            return (
              <img
                key={`${tileIndex}-${tileAttempt}`}
                className="comics-reader__tile"
                data-tile-index={tileIndex}
                {...pageImageSources(tile, tileAttempt, sizes)}
                alt=""
                width={tile.width}
                height={tile.height}
                style={tileBoxStyle(tile, tilesHeight, tileIndex === tiles.length - 1)}
                loading={eager ? 'eager' : 'lazy'}
                fetchPriority={eager ? 'high' : undefined}
                {...(eager ? ({ elementtiming: FIRST_PAGE_ELEMENT_TIMING } as Record<string, string>) : {})}
                decoding="async"
                ref={(element) => {
                  tileImages.current[tileIndex] = element
                }}
                onLoad={() => tileArrived(tileIndex, tileAttempt)}
                onError={() => {
                  if (!tilesLoaded.current.has(tileIndex)) onError()
                }}
              />
            )
          })}
        </div>
      ) : (
        <img
          // A new element per attempt: the browser loads it again even when the url cannot change.
          key={attempt}
          className="comics-reader__image"
          {...pageImageSources(asset, attempt, sizes)}
          alt={alt}
          width={width}
          height={height}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
          // Not in React's attribute types; passed through to the element as written.
          {...(first ? ({ elementtiming: FIRST_PAGE_ELEMENT_TIMING } as Record<string, string>) : {})}
          // Every page decodes off the first frame: the first page's decode would otherwise hold the whole
          // first paint (header, controls) behind it; its box is reserved, so the image fills it a frame later.
          decoding="async"
          ref={image}
          onLoad={(event) => arrived(event.currentTarget)}
          onError={onError}
        />
      )}
      {state === 'failed' && (
        <div className="comics-reader__page-error">
          <div className="comics-reader__page-error-panel">
            <p className="comics-reader__page-error-text">{messages['reader.pageFailed']}</p>
            <button
              type="button"
              className="comics-button"
              aria-label={formatMessage(messages['reader.pageRetryLabel'], { n })}
              onClick={tryAgain}
            >
              {messages['reader.pageRetry']}
            </button>
          </div>
        </div>
      )}
    </li>
  )
})
