import { memo, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react'
import { assetSrcSet, retryDelayMs, withSearchParam, type Asset } from '@comics/core'
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
 */
export const ReaderPage = memo(function ReaderPage({ asset, index, total, onArrive, sizes, onSignedUrlFailed }: ReaderPageProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<PageState>('loading')
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null)
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const box = useRef<HTMLLIElement>(null)
  useEffect(() => () => clearTimeout(retryTimer.current), [])

  const width = asset.width ?? natural?.width ?? FALLBACK_SIZE.width
  const height = asset.height ?? natural?.height ?? FALLBACK_SIZE.height
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
    if (renewedFrom.current !== null && renewedFrom.current !== asset.url) setState('loading')
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
  useEffect(() => {
    const element = box.current
    if (state !== 'loading' || !element || typeof IntersectionObserver === 'undefined') return
    let stallTimer: ReturnType<typeof setTimeout> | undefined
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      stallTimer = setTimeout(() => onStall.current(), PAGE_STALL_MS)
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      clearTimeout(stallTimer)
    }
  }, [state, attempt])

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
  // Runs after the commit of the render whose attempt it checks: that render's `arrived` is current.
  useEffect(() => {
    const element = image.current
    if (element?.complete && element.naturalWidth > 0) arrived(element)
  }, [attempt])

  const style = pageBoxStyle({ width, height })

  return (
    <li ref={box} className="comics-reader__page" data-page-index={index} data-state={state} style={style}>
      <img
        // A new element per attempt: the browser loads it again even when the url cannot change.
        key={attempt}
        className="comics-reader__image"
        {...pageImageSources(asset, attempt, sizes)}
        // What the studio wrote the page shows; without it, where the page is ("Page 3 of 42").
        alt={asset.alt ?? formatMessage(messages['reader.pageAlt'], { n, total })}
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
      {state === 'failed' && (
        <div className="comics-reader__page-error">
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
      )}
    </li>
  )
})
