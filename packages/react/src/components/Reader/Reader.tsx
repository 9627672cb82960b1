import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react'
import {
  hasSubscription,
  ANALYTICS_EVENTS,
  assetVariant,
  canGoNext,
  lockedEpisodeOffer,
  canGoPrev,
  comicPath,
  isReaderChromeVisible,
  nextEpisode,
  previousEpisode,
  READER_PAGE_GAP_PX,
  READER_SCROLL_SPEED_PX_PER_S,
  READER_SCROLL_SPEEDS,
  readerPath,
  type Chapter,
} from '@comics/core'
import {
  useAnalytics,
  useAuthModal,
  useChapters,
  useComic,
  useEpisodeAssets,
  useLink,
  useMessages,
  useNavigate,
  useOnline,
  useReaderSettings,
  useSiteMode,
  useViewer,
  type ViewerState,
} from '../../hooks'
import { EPISODE_MESSAGES } from '../../messages'
import { LockIcon } from '../EpisodeList/LockIcon'
import { EpisodeUnlock } from '../EpisodeUnlock/EpisodeUnlock'
import { EpisodeEndCard } from '../EpisodeEndCard/EpisodeEndCard'
import { ReaderEpisodesDialog } from './ReaderEpisodesDialog'
import { ReaderEpisodePages, type ReaderEpisodeMount } from './ReaderEpisodePages'
import { READER_FIT_PAGE_SIZES, READER_PAGE_SIZES } from './pageSizes'
import { ReaderDownloads } from './ReaderDownloads'
import { ReaderSettingsButton } from './ReaderSettingsButton'
import { ReaderSettingsDialog } from './ReaderSettingsDialog'
import { ReaderShortcutsDialog } from './ReaderShortcutsDialog'
import { ReaderTranscriptButton, ReaderTranscriptDialog } from './ReaderTranscriptDialog'
import { useAssetsFailure } from './useAssetsFailure'
import { useAutoScroll } from './useAutoScroll'
import { useKeepPageInView } from './useKeepPageInView'
import { usePreviewChapters } from './usePreviewChapters'
import { usePrefetchNextEpisode } from './usePrefetchNextEpisode'
import { useReaderKeyboard } from './useReaderKeyboard'
import { useReadingPosition } from './useReadingPosition'
import { stripZoom, useReaderZoom } from './useReaderZoom'
import { ReaderZoomControl } from './ReaderZoomControl'

export interface ReaderProps {
  comicId: string
  chapterId: string
  /** The uncensored route (/comic/{id}/{chapterId}/uncensored): core `assetVariant` picks the pages. */
  uncensored?: boolean
  /**
   * The page images' `sizes`: how wide a page shows, from which the browser picks a rendition. The
   * default, {@link READER_PAGE_SIZES}, is the stylesheet's 800-pixel column ({@link READER_FIT_PAGE_SIZES}
   * when the reader chose 'Fit the screen'); a theme that changes `--comics-reader-page-width` gives its
   * own (and a document that preloads a first page, the same).
   */
  pageSizes?: string
  /**
   * An admin's preview: the episode may be a draft or scheduled (found among every episode of the comic,
   * `api.chapters.allOfComic`), and a banner says it is a preview (message 'reader.preview').
   */
  preview?: boolean
  /**
   * What follows the last page once the pages are shown (the site puts the episode's likes and comments
   * there, loaded after the pages so that no page waits on them).
   */
  afterPages?: ReactNode
  className?: string
}

/**
 * Whether a reader refused an episode may unlock it with coins (core `lockedEpisodeOffer`), or undefined
 * while it is not known (a guest, a level still pending). Never in the uncensored edition, which needs a
 * level above 2, nor in a preview. Without a subscription a refusal of the censored or legal pages can only
 * be the lock, so without the episode in the list (still on its way) the viewer alone tells. A rule that
 * finds the episode open while the server refused it is reading data still on its way (the list or the
 * viewer): not known yet, rather than "no offer", which would leave for /premium.
 */
function coinUnlockOffered(
  viewer: ViewerState,
  episode: { chapter: Chapter; chapters: readonly Chapter[] } | undefined,
  { uncensored, preview }: { uncensored: boolean; preview: boolean },
): boolean | undefined {
  if (!viewer.signedIn || viewer.isPending) return undefined
  if (uncensored || preview) return false
  if (!episode) return !hasSubscription(viewer.level)
  const offer = lockedEpisodeOffer(episode.chapter, episode.chapters, viewer)
  return offer === 'open' ? undefined : offer === 'unlock-or-subscribe'
}

/**
 * The episodes in the reader's strip, in order: one, or in continuous reading the one opened and those
 * that followed it. `at` is the episode the address names; `movedTo` the one the reader scrolled into,
 * while the address is on its way there (an address that comes to another episode of the strip without
 * such a move, a link or Next, starts a new strip).
 */
interface StripState {
  comicId: string
  ids: readonly string[]
  at: string
  movedTo: string | null
}

const newStrip = (comicId: string, chapterId: string): StripState => ({ comicId, ids: [chapterId], at: chapterId, movedTo: null })

/** Of the strip's episodes (`[data-episode-id]`), the one at the middle of the viewport. */
function episodeInView(scroller: HTMLElement): string | undefined {
  const middle = (scroller.scrollTop + scroller.clientHeight / 2) / stripZoom(scroller)
  let found: string | undefined
  for (const episode of scroller.querySelectorAll<HTMLElement>('[data-episode-id]')) {
    if (episode.offsetTop > middle) break
    found = episode.dataset.episodeId
  }
  return found
}

/**
 * Runs `task` once the browser has painted the next frame (at once in a hidden page, which paints none):
 * the episode Prev or Next opened is on the screen before the host's navigation to its address starts.
 */
function afterNextPaint(task: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') return void setTimeout(task)
  requestAnimationFrame(() => setTimeout(task))
}

/** How many screens ahead of the strip's last page the next episode of a continuous strip joins it. */
const CONTINUE_AHEAD_SCREENS = 2
/** How far (in episodes) from the one read an episode of a continuous strip keeps its page images. */
const KEPT_EPISODES = 1

/**
 * The full-screen reader (spec §2 "Reader", §4, §8): a header with the comic and episode titles and
 * 'Close reader' (back to the comic page), the episode's pages as one vertical strip, and a footer with
 * 'Prev', 'List Episodes' and 'Next' (core `canGoPrev` / `canGoNext`). Header and footer show at the
 * top and within 10 px of the bottom of the strip (core `isReaderChromeVisible`); a click on the strip
 * toggles them; their state is `data-state` on each and `data-chrome` on the reader. The last page is
 * followed by the end-of-episode card ({@link EpisodeEndCard}: the next episode and what opens it for this
 * reader), then by `afterPages`.
 *
 * The strip is its own scroll container, focused on open, so Space, PageDown, PageUp and the arrow keys
 * scroll it. It zooms from 1 to 3 times (`useReaderZoom`): a pinch, a double tap, Ctrl + wheel, the
 * header's control and Ctrl/Cmd + '+', '-' and '0', each keeping the point it zooms around still; zoomed
 * in, it pans both ways; another episode opens unzoomed. Shortcuts: `[` or Shift+ArrowLeft opens the previous episode, `]` or Shift+ArrowRight the
 * next one, under the same rules as the buttons; `?` lists them all.
 *
 * An episode with a transcript (`chapter.hasTranscript`) offers it from the header's Transcript button: a
 * dialog of its entries page by page, fetched when first opened. Each page image is named by its alt
 * text, else 'Page n of m'.
 *
 * The reader's settings (page width, gap between pages, background, auto-scroll's speed; core
 * `ReaderSettings`) apply from the first paint (read from storage) and change from the header's settings
 * button; a change keeps the page in view in view.
 *
 * Auto-scroll (the footer's toggle, `a`; `-` and `+` change its speed): moves the strip at the chosen
 * speed and stops for the reader's touch, pointer-down or wheel on the strip, a hidden tab, a dialog, the
 * episode's end and a lock ({@link useAutoScroll}); `data-autoscroll` and `data-autoscroll-stop` on the
 * reader say whether it runs and why it stopped.
 *
 * Continuous reading (the reader setting `flow: 'continuous'`; never in a preview): two screens before the
 * strip's end, the next episode this reader may open joins the strip under its title, its pages after the
 * last one; the end card (with a locked episode's unlock) and `afterPages` follow the strip's last episode.
 * The episode at the middle of the viewport is the one read: the address moves to it (replacing the
 * history entry, so Back leaves the reader), and with it the titles, Prev and Next, the reading progress
 * (the episode opened and the position in it) and the episode view; auto-scroll and the zoom go on. Pages
 * of an episode more than one away from the one read are released (their boxes stay). Next, Prev, the list
 * and any link start a new strip.
 *
 * Pages reserve their box from width and height; the first loads with high priority and the others
 * lazily, mounted once the first has arrived or the reader scrolls; off-screen pages skip rendering; a
 * failed page retries with backoff and then offers a retry button; the next episode's page list and
 * first page (decoded) are fetched at 70 % of this one once its own first page is in; and the position
 * (page and offset) is saved when idle and restored when the episode is opened again. A refused
 * episode sends a signed-in reader to /premium and opens the sign-in modal for a guest; closing it
 * fetches the pages again. Any other failure of the pages, the comic or its episodes (network, server,
 * a broken answer) shows 'Something went wrong' with 'Try again', which fetches again whatever failed.
 * @example
 * // route /comic/:id/:chapterId and /comic/:id/:chapterId/uncensored
 * <Reader comicId={params.id} chapterId={params.chapterId} uncensored={isUncensoredRoute} />
 */
export function Reader({ comicId, chapterId: addressed, uncensored = false, pageSizes: givenPageSizes, preview = false, afterPages, className }: ReaderProps) {
  // Prev, Next and their shortcuts show the episode they open at once, while the host's navigation to its
  // address is on its way (a router's loaders, a transition): the episode read is the one opened from
  // `from` until the address moves, and the address's from then on (the opened one, or where Back went).
  const [ahead, setAhead] = useState<{ from: string; to: string } | null>(null)
  if (ahead && ahead.from !== addressed) setAhead(null)
  const chapterId = ahead && ahead.from === addressed ? ahead.to : addressed
  const messages = useMessages(EPISODE_MESSAGES)
  const Link = useLink()
  const navigate = useNavigate()
  const analytics = useAnalytics()
  // The reader's own settings (page width, gap, background): read before the first paint, from storage.
  const { settings, change: changeSettings } = useReaderSettings()
  const pageSizes = givenPageSizes ?? (settings.pageWidth === 'fit' ? READER_FIT_PAGE_SIZES : READER_PAGE_SIZES)
  const viewer = useViewer()
  const authModal = useAuthModal()
  const variant = assetVariant({ mode: useSiteMode(), uncensored })
  const comicQuery = useComic(comicId)
  const chaptersQuery = useChapters(comicId)
  const comic = comicQuery.data
  const { data: chapters = [] } = chaptersQuery
  const assets = useEpisodeAssets({ comicId, chapterId, variant })
  // The titles, Prev/Next and the recorded progress need the comic and its episodes as well as the
  // pages: a failure of any of them shows the error, and its retry fetches again whatever failed.
  const chapterOfList = chapters.find((candidate) => candidate.id === chapterId)
  const offersCoinUnlock = coinUnlockOffered(viewer, chapterOfList && { chapter: chapterOfList, chapters }, { uncensored, preview })
  const failure =
    useAssetsFailure(assets, `${comicId}/${chapterId}/${variant}`, offersCoinUnlock) ?? (comicQuery.isError || chaptersQuery.isError ? 'failed' : null)
  // Without network an episode that is not downloaded cannot load: the reader says so, not 'went wrong'.
  const online = useOnline()
  const offline = failure === 'failed' && !online
  const retry = () => {
    for (const query of [assets, comicQuery, chaptersQuery]) if (query.isError) void query.refetch()
  }
  const pages = assets.data
  // A preview finds the episode among all of them; Prev, Next and the list stay the readers' episodes.
  const previewChapters = usePreviewChapters(comicId, preview)
  const chapter = (preview ? previewChapters : chapters)?.find((candidate) => candidate.id === chapterId)

  const scroller = useRef<HTMLDivElement>(null)
  const [chromeVisible, setChromeVisible] = useState(true)
  const [listOpen, setListOpen] = useState(false)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [shortcutsOpen, setShortcutsOpen] = useState(false)
  const [transcriptOpen, setTranscriptOpen] = useState(false)
  // The next episode is prefetched only once this one's first page has arrived (loaded or failed for
  // good), so that the prefetch never takes bandwidth from it.
  // Both marks below name the episode they were set in: the first render of the next episode (Next) then
  // already has them unset, instead of mounting every page of it with the last one's marks and taking all
  // but the first back out in the commit after.
  // The strip's episodes: a new address starts a new strip, unless the reader scrolled to it in this one.
  const [stripState, setStripState] = useState(() => newStrip(comicId, chapterId))
  let strip = stripState
  if (strip.comicId !== comicId || strip.at !== chapterId) {
    const moved = strip.comicId === comicId && strip.movedTo !== null && strip.ids.includes(chapterId)
    strip = moved ? { ...strip, at: chapterId, movedTo: strip.movedTo === chapterId ? null : strip.movedTo } : newStrip(comicId, chapterId)
    setStripState(strip)
  }
  // What starts afresh with a new strip (its top, the zoom, the first page's marks) is keyed by its first episode.
  const stripKey = `${comicId}/${strip.ids[0]}`
  const continuous = settings.flow === 'continuous' && !preview
  const [arrivedIn, setArrivedIn] = useState<string | null>(null)
  const firstPageArrived = arrivedIn === stripKey
  // The rest of the pages mount as a transition: an episode opened from the cache (Next after the
  // prefetch) paints its first page before they are rendered.
  const onFirstPageArrived = useCallback(() => startTransition(() => setArrivedIn(stripKey)), [stripKey])
  // Until then only the first page's image is mounted (the others hold their boxes): it gets the whole
  // connection, and opening an episode renders one page instead of all of them. A scroll (the reader's,
  // or a restored position) mounts them all at once.
  const [scrolledIn, setScrolledIn] = useState<string | null>(null)
  const allPagesMounted = firstPageArrived || scrolledIn === stripKey
  // The strip's zoom: back to 1 on a new strip, before the layout effects below put it at its top.
  const content = useRef<HTMLDivElement>(null)
  const zoom = useReaderZoom(scroller, content, stripKey)

  const previous = chapter && canGoPrev(chapter, chapters) ? previousEpisode(chapter, chapters) : undefined
  // While a signed-in viewer's level loads, Next waits rather than guess (spec §4).
  const next = chapter && !viewer.isPending && canGoNext(chapter, chapters, viewer) ? nextEpisode(chapter, chapters) : undefined
  // An episode follows that this reader may not open: the end card offers its unlock.
  const nextIsLocked = Boolean(chapter && nextEpisode(chapter, chapters)) && !viewer.isPending && !next
  // Prev and Next are disabled while they cannot be known yet: the footer says so (aria-busy).
  const footerPending = chaptersQuery.isPending || viewer.isPending
  const open = (target: Chapter | undefined) => {
    if (!target) return
    setAhead({ from: addressed, to: target.id })
    const path = readerPath(comicId, target.id, { uncensored })
    afterNextPaint(() => navigate(path))
  }
  // Continuous reading: the episode scrolled into becomes the one read, and the next joins the strip ahead.
  const lastInStrip = strip.ids[strip.ids.length - 1]!
  const followScroll = (element: HTMLElement) => {
    if (strip.ids.length > 1) {
      const inView = episodeInView(element)
      if (inView && inView !== chapterId && inView !== strip.movedTo) {
        setStripState((current) => ({ ...current, movedTo: inView }))
        navigate(readerPath(comicId, inView, { uncensored }), { replace: true })
      }
    }
    if (!continuous || !next || !pages?.length || chapterId !== lastInStrip || strip.ids.includes(next.id)) return
    const last = element.querySelector<HTMLElement>(`[data-episode-id="${lastInStrip}"]`)
    if (!last) return
    const endOfLast = (last.offsetTop + last.offsetHeight) * stripZoom(element)
    if (endOfLast - (element.scrollTop + element.clientHeight) > CONTINUE_AHEAD_SCREENS * element.clientHeight) return
    const joining = next.id
    setStripState((current) => (current.ids.includes(joining) ? current : { ...current, ids: [...current.ids, joining] }))
  }

  // Declared before the position hook: on an episode change the strip goes to the top first (spec §4),
  // then a saved position of the new episode may move it. Not on opening: a new strip is at its top and
  // in its first state, and setting scrollTop there would lay out the page before its first paint. Not
  // when continuous reading moves to the next episode of the same strip.
  const opened = useRef(false)
  useLayoutEffect(() => {
    const element = scroller.current
    if (!element) return
    const opening = !opened.current
    opened.current = true
    if (!opening) {
      element.scrollTop = 0
      setChromeVisible(true)
      setListOpen(false)
      setSettingsOpen(false)
      setShortcutsOpen(false)
      setTranscriptOpen(false)
    }
  }, [stripKey])
  // Keyboard scrolling works at once, and focus does not stay on a control that may now be disabled.
  useEffect(() => {
    scroller.current?.focus({ preventScroll: true })
  }, [stripKey])

  const onOpen = useCallback(
    (opened: Chapter) =>
      analytics.track(ANALYTICS_EVENTS.episodeView, { comicId, chapterId: opened.id, chapterNumber: opened.chapterNumber }),
    [analytics, comicId],
  )
  // An episode reached by scrolling a continuous strip is where the reader is: its position is measured, not restored.
  const keepPosition = useReadingPosition({ comicId, chapter, ready: Boolean(pages?.length), scroller, onOpen, restore: strip.ids.length === 1 })
  const prefetchNext = usePrefetchNextEpisode(scroller, {
    comicId,
    nextChapterId: next?.id ?? null,
    variant,
    ready: Boolean(pages?.length) && firstPageArrived,
    sizes: pageSizes,
  })

  // A short episode may not scroll at all: check for the prefetch once its first page is in, and in
  // continuous reading whether the next episode joins.
  const latestFollowScroll = useRef(followScroll)
  useLayoutEffect(() => {
    latestFollowScroll.current = followScroll
  })
  const nextId = next?.id
  useEffect(() => {
    prefetchNext()
    if (firstPageArrived && scroller.current) latestFollowScroll.current(scroller.current)
  }, [prefetchNext, firstPageArrived, continuous, nextId, lastInStrip, pages])

  const covered = listOpen || settingsOpen || shortcutsOpen || transcriptOpen || authModal.isOpen
  const endCard = useRef<HTMLDivElement>(null)
  const canAutoScroll = Boolean(pages?.length) && firstPageArrived
  const autoScroll = useAutoScroll({
    scroller,
    end: endCard,
    pxPerSecond: READER_SCROLL_SPEED_PX_PER_S[settings.scrollSpeed],
    episodeKey: stripKey,
    canStart: canAutoScroll,
    endIsLock: nextIsLocked,
    locked: failure === 'refused',
    covered,
  })
  const changeScrollSpeed = (change: -1 | 1) => {
    const index = READER_SCROLL_SPEEDS.indexOf(settings.scrollSpeed) + change
    const scrollSpeed = READER_SCROLL_SPEEDS[Math.max(0, Math.min(READER_SCROLL_SPEEDS.length - 1, index))]
    if (scrollSpeed) changeSettings({ scrollSpeed })
  }

  useReaderKeyboard({
    scroller,
    active: !covered,
    onPrev: () => open(previous),
    onNext: () => open(next),
    onHelp: () => setShortcutsOpen(true),
    onZoom: (action) => (action === 'zoomIn' ? zoom.zoomIn() : action === 'zoomOut' ? zoom.zoomOut() : zoom.reset()),
    onAutoScroll: () => {
      if (canAutoScroll) autoScroll.toggle()
    },
    onAutoScrollSpeed: changeScrollSpeed,
  })
  useKeepPageInView(scroller, settings)

  const onScroll = () => {
    const element = scroller.current
    if (!element) return
    // A zoom moves the strip under the reader: the header and footer (and the zoom control in it) stay.
    if (!zoom.scrolledByZoom()) {
      // Set only when they change: a scroll event comes with every frame of a scroll (auto-scroll's too), and
      // a state set to the value it has may still render the reader again.
      const visible = isReaderChromeVisible({ scrollTop: element.scrollTop, viewportHeight: element.clientHeight, contentHeight: element.scrollHeight })
      // A control of the header or footer reached by keyboard keeps them shown (auto-scroll's toggle among them).
      const focused = document.activeElement
      const keyboardInChrome =
        focused instanceof HTMLElement && focused.matches(':focus-visible') && focused.closest('.comics-reader__header, .comics-reader__footer') !== null
      if (visible !== chromeVisible && (visible || !keyboardInChrome)) setChromeVisible(visible)
    }
    // The strip's own return to the top on an episode change is not the reader scrolling.
    if (element.scrollTop > 0 && scrolledIn !== stripKey) setScrolledIn(stripKey)
    followScroll(element)
    prefetchNext()
    keepPosition()
  }

  const onStripClick = (event: MouseEvent<HTMLDivElement>) => {
    // A page's retry button is not a tap on the strip.
    if (event.target instanceof Element && event.target.closest('button, a')) return
    // A tap on a touch screen waits to be sure it is not the first of a double tap (which zooms).
    zoom.onStripClick(event, () => setChromeVisible((visible) => !visible))
  }

  // Memoised: the header and footer toggle on scroll, and a long strip must not re-render with them.
  const readIndex = strip.ids.indexOf(chapterId)
  const titles = useMemo(() => new Map(chapters.map((candidate) => [candidate.id, candidate.title])), [chapters])
  const episodes = useMemo(
    () =>
      strip.ids.map((id, index) => {
        const mount: ReaderEpisodeMount =
          Math.abs(index - readIndex) > KEPT_EPISODES ? 'none' : index > 0 || allPagesMounted ? 'all' : 'first'
        return (
          <ReaderEpisodePages
            key={id}
            comicId={comicId}
            chapterId={id}
            variant={variant}
            sizes={pageSizes}
            mount={mount}
            title={index > 0 ? (titles.get(id) ?? '') : undefined}
            pages={id === chapterId ? pages : undefined}
            onFirstPageArrived={index === 0 ? onFirstPageArrived : undefined}
          />
        )
      }),
    [strip.ids, readIndex, allPagesMounted, comicId, chapterId, pages, variant, pageSizes, titles, onFirstPageArrived],
  )

  const chromeState = chromeVisible ? 'visible' : 'hidden'
  const showChrome = () => setChromeVisible(true)

  return (
    <div
      className={className ? `comics-reader ${className}` : 'comics-reader'}
      data-chrome={chromeState}
      data-page-width={settings.pageWidth}
      data-background={settings.background}
      data-autoscroll={autoScroll.playing ? 'playing' : 'paused'}
      data-autoscroll-stop={autoScroll.stoppedBy ?? undefined}
      style={{ '--comics-reader-page-gap': `${READER_PAGE_GAP_PX[settings.pageGap]}px` } as CSSProperties}
    >
      {/* The reader's banner: its close link and titles are in a landmark, as the rest of the page is. */}
      <header className="comics-reader__header" data-state={chromeState} onFocus={showChrome}>
        <Link to={comicPath(comicId, { uncensored })} className="comics-reader__close" aria-label={messages['reader.close']}>
          <span aria-hidden="true">×</span>
        </Link>
        {/* No empty heading while the titles load. */}
        <div className="comics-reader__titles">
          {/* Cut with an ellipsis on a narrow screen: the whole title shows on hover. */}
          {comic && (
            <h1 className="comics-reader__comic-title" title={comic.title}>
              {comic.title}
            </h1>
          )}
          {chapter && (
            <p className="comics-reader__episode-title" title={chapter.title}>
              {chapter.title}
            </p>
          )}
        </div>
        {preview && (
          <p className="comics-reader__preview" role="status">
            {messages['reader.preview']}
          </p>
        )}
        {!preview && <ReaderDownloads target={{ comicId, chapterId, uncensored }} chromeVisible={chromeVisible} />}
        <ReaderZoomControl zoom={zoom.zoom} onZoomIn={zoom.zoomIn} onZoomOut={zoom.zoomOut} onReset={zoom.reset} />
        {/* Offered once the pages are shown: the transcript is locked with them. In continuous reading its place
            is kept for an episode without one, so that moving between episodes moves none of the controls. */}
        {chapter?.hasTranscript && pages ? (
          <ReaderTranscriptButton expanded={transcriptOpen} onClick={() => setTranscriptOpen(true)} />
        ) : (
          continuous && <span className="comics-reader__transcript" data-placeholder="" aria-hidden="true" />
        )}
        <ReaderSettingsButton expanded={settingsOpen} onClick={() => setSettingsOpen(true)} />
      </header>

      <div
        ref={scroller}
        className="comics-reader__main"
        role="region"
        aria-label={chapter?.title ?? messages['reader.listEpisodes']}
        aria-busy={assets.isFetching && !pages}
        tabIndex={0}
        onScroll={onScroll}
        onClick={onStripClick}
        onPointerDown={zoom.onPointerDown}
      >
        {/* What zooms: the pages and what follows them (its transform is the zoom's, set by useReaderZoom). */}
        <div ref={content} className="comics-reader__content">
          {episodes}
          {/* The strip ends on the next episode and what opens it, before the likes and comments. */}
          {pages && !preview && (
            <div ref={endCard} className="comics-reader__end" onClick={(event) => event.stopPropagation()}>
              <EpisodeEndCard comicId={comicId} chapterId={lastInStrip} uncensored={uncensored} />
            </div>
          )}
          {pages && afterPages && (
            // Its own clicks do not toggle the reader's header and footer.
            <div className="comics-reader__after" onClick={(event) => event.stopPropagation()}>
              {afterPages}
            </div>
          )}
        </div>
        {!pages && !failure && <p className="comics-reader__status">{messages['common.loading']}</p>}
        {failure === 'refused' && !viewer.signedIn && (
          <div className="comics-reader__status" data-state="locked">
            <LockIcon />
            <button type="button" className="comics-button" onClick={() => authModal.openAuthModal('sign-in')}>
              {messages['nav.signIn']}
            </button>
          </div>
        )}
        {failure === 'refused' && offersCoinUnlock && chapterOfList && (
          <div className="comics-reader__status" data-state="locked">
            <LockIcon />
            <EpisodeUnlock chapter={chapterOfList} chapters={chapters} onUnlocked={() => void assets.refetch()} />
          </div>
        )}
        {failure === 'failed' && (
          <div className="comics-reader__status" data-state={offline ? 'offline' : 'failed'} role="alert">
            <p>{offline ? messages['offline.episodeNeedsConnection'] : messages['common.error']}</p>
            <button type="button" className="comics-button" onClick={retry}>
              {messages['common.retry']}
            </button>
          </div>
        )}
      </div>

      <div className="comics-reader__footer" data-state={chromeState} aria-busy={footerPending} onFocus={showChrome}>
        <button type="button" className="comics-button" data-variant="ghost" disabled={!previous} onClick={() => open(previous)}>
          {messages['reader.prev']}
        </button>
        <button type="button" className="comics-button" data-variant="ghost" aria-haspopup="dialog" onClick={() => setListOpen(true)}>
          {messages['reader.listEpisodes']}
        </button>
        <button
          type="button"
          className="comics-button comics-reader__autoscroll"
          data-variant="ghost"
          aria-label={messages['reader.autoScroll']}
          title={messages['reader.autoScroll']}
          aria-pressed={autoScroll.playing}
          aria-keyshortcuts="a"
          disabled={!canAutoScroll}
          onClick={autoScroll.toggle}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path fill="currentColor" d={autoScroll.playing ? 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z' : 'M8 5.5v13l10.5-6.5z'} />
          </svg>
        </button>
        <button type="button" className="comics-button" disabled={!next} onClick={() => open(next)}>
          {messages['reader.next']}
        </button>
      </div>

      <ReaderEpisodesDialog
        open={listOpen}
        onClose={() => setListOpen(false)}
        chapters={chapters}
        currentChapterId={chapterId}
        uncensored={uncensored}
      />
      <ReaderSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} onShowShortcuts={() => setShortcutsOpen(true)} />
      <ReaderShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      <ReaderTranscriptDialog open={transcriptOpen} onClose={() => setTranscriptOpen(false)} chapterId={chapterId} />
    </div>
  )
}
