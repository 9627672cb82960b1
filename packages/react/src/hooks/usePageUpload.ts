import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import {
  UPLOAD_IMAGE_TYPES,
  episodeUploadProgress,
  inFileNameOrder,
  isApiFailure,
  movedTo,
  pagesToSend,
  type Asset,
  type AssetVariant,
  type EpisodeUploadProgress,
  type PageUploadStatus,
} from '@comics/core'
import { useComicsContext } from './useComicsContext'

/** One page of an episode's upload: a file chosen here, or a page the episode already has on the server. */
export interface PageUploadItem {
  /** Stable for the life of the item (a replaced file keeps it). */
  key: string
  /** The file chosen; none for a page already saved (`saved`). */
  file?: File
  /** The file's name, or for a saved page its place when loaded ('Saved page 3'). */
  name: string
  /** Bytes of the file; 0 for a saved page. */
  size: number
  /** A page the episode had when the uploader opened: sent already, it moves and goes without any upload. */
  saved?: boolean
  /** An object URL of the file (revoked when the item goes), or a saved page's own image URL, for its thumbnail. */
  previewUrl: string
  status: PageUploadStatus
  /** Bytes sent while it uploads. */
  sent: number
  /** The page the server made of it, once sent. */
  assetId?: string
  /** Why it failed: the error's code ('network', 'aborted', an HTTP code…). */
  failure?: string
}

/** Where the episode stands: files being chosen, on their way, sent and put in order, or cancelled. */
export type PageUploadPhase = 'idle' | 'uploading' | 'ordering' | 'saved' | 'cancelled'

export interface PageUploadTarget {
  comicId: string
  chapterId: string
  variant: AssetVariant
}

export interface PageUpload {
  items: readonly PageUploadItem[]
  phase: PageUploadPhase
  progress: EpisodeUploadProgress
  /** The order the server has differs from the one shown (a move after the pages were saved). */
  orderChanged: boolean
  /** Files that were not page images, left out of the last add. */
  skipped: number
  /** The last order could not be saved. */
  orderFailed: boolean
  /** The episode's saved pages are being loaded. */
  loading: boolean
  /** The episode's saved pages could not be loaded. */
  loadFailed: boolean
  /** Adds files in natural name order after those there; files that are not page images are skipped. */
  add: (files: readonly File[]) => void
  move: (from: number, to: number) => void
  remove: (key: string) => void
  replace: (key: string, file: File) => void
  /** Sends every file not yet sent (a retry sends the failed ones, never a finished one), then the order. */
  upload: () => Promise<void>
  /** Stops the file on its way; it and those after it stay to send. */
  cancel: () => void
  /** Saves the order shown, with no file sent again. */
  saveOrder: () => Promise<void>
}

const isPageImage = (file: File) => (UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)
let nextKey = 0
/** Only a file's object URL is the uploader's to revoke; a saved page's URL is the server's. */
const release = (item: PageUploadItem) => {
  if (item.file) URL.revokeObjectURL(item.previewUrl)
}

export interface PageUploadOptions {
  /** A saved page's name in the list, from its place when loaded (1-based). */
  savedPageName?: (position: number) => string
}

/**
 * The state and actions of the studio's page uploader for one episode in one variant: files sent one at
 * a time (`api.assets.uploadPage`, with upload progress and cancel), then the order set in one call
 * (`api.assets.setOrder`), which also drops the pages the episode had before. A move after that saves
 * the new order without sending any file again. The pages the episode already has in that variant are
 * loaded first (`api.assets.ofEpisode`), so that they show, move and go without being uploaded again;
 * new files are added after them.
 * @example
 * const upload = usePageUpload({ comicId: '7', chapterId: '701', variant: 'censored' })
 * upload.add([...input.files]); await upload.upload()
 */
export function usePageUpload(target: PageUploadTarget, options: PageUploadOptions = {}): PageUpload {
  const { api } = useComicsContext('usePageUpload')
  const queryClient = useQueryClient()
  const [items, setItemsState] = useState<readonly PageUploadItem[]>([])
  const [phase, setPhase] = useState<PageUploadPhase>('idle')
  const [savedOrder, setSavedOrder] = useState<string | null>(null)
  const [skipped, setSkipped] = useState(0)
  const [orderFailed, setOrderFailed] = useState(false)
  const [loading, setLoading] = useState(true)
  const [loadFailed, setLoadFailed] = useState(false)
  const savedPageName = useRef(options.savedPageName ?? ((position: number) => `Saved page ${position}`))
  savedPageName.current = options.savedPageName ?? savedPageName.current
  const itemsRef = useRef(items)
  const abortRef = useRef<AbortController | null>(null)
  const targetRef = useRef(target)
  targetRef.current = target

  const setItems = useCallback((next: (items: readonly PageUploadItem[]) => readonly PageUploadItem[]) => {
    itemsRef.current = next(itemsRef.current)
    setItemsState(itemsRef.current)
  }, [])
  const update = useCallback(
    (key: string, change: Partial<PageUploadItem>) => setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [setItems],
  )

  // The thumbnails' object URLs go with the uploader.
  useEffect(() => () => itemsRef.current.forEach(release), [])
  // Another episode or variant: nothing chosen for this one carries over; its saved pages are loaded.
  useEffect(() => {
    abortRef.current?.abort()
    setItems((list) => {
      list.forEach(release)
      return []
    })
    setPhase('idle')
    setSavedOrder(null)
    setLoading(true)
    setLoadFailed(false)
    const controller = new AbortController()
    const { comicId, chapterId, variant } = target
    api.assets.ofEpisode({ comicId, chapterId, variant }, { signal: controller.signal }).then(
      ({ data }) => {
        if (controller.signal.aborted) return
        const saved = data.map((page: Asset, index): PageUploadItem => ({
          key: `saved-${page.id}`,
          name: savedPageName.current(index + 1),
          size: 0,
          saved: true,
          previewUrl: page.url,
          status: 'done',
          sent: 0,
          assetId: page.id,
        }))
        // Files chosen while the pages loaded come after them.
        setItems((list) => [...saved, ...list])
        setSavedOrder(saved.map((item) => item.assetId).join(','))
        setLoading(false)
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        console.error('Loading the saved pages failed', error)
        setLoadFailed(true)
        setLoading(false)
      },
    )
    return () => controller.abort()
  }, [api, target.comicId, target.chapterId, target.variant, setItems])

  const add = useCallback(
    (files: readonly File[]) => {
      const images = inFileNameOrder(files.filter(isPageImage))
      setSkipped(files.length - images.length)
      setItems((list) => [
        ...list,
        ...images.map((file) => ({ key: `page-${(nextKey += 1)}`, file, name: file.name, size: file.size, previewUrl: URL.createObjectURL(file), status: 'queued' as const, sent: 0 })),
      ])
      setPhase((current) => (current === 'uploading' ? current : 'idle'))
    },
    [setItems],
  )

  const move = useCallback((from: number, to: number) => setItems((list) => movedTo(list, from, to)), [setItems])

  const remove = useCallback(
    (key: string) =>
      setItems((list) => {
        const gone = list.find((item) => item.key === key)
        if (!gone || gone.status === 'uploading') return list
        release(gone)
        return list.filter((item) => item !== gone)
      }),
    [setItems],
  )

  const replace = useCallback(
    (key: string, file: File) => {
      if (!isPageImage(file)) return setSkipped(1)
      setItems((list) =>
        list.map((item) => {
          if (item.key !== key || item.status === 'uploading') return item
          release(item)
          return { key, file, name: file.name, size: file.size, previewUrl: URL.createObjectURL(file), status: 'queued', sent: 0 }
        }),
      )
      setPhase((current) => (current === 'uploading' ? current : 'idle'))
    },
    [setItems],
  )

  const saveOrder = useCallback(async () => {
    const list = itemsRef.current
    if (list.length === 0 || list.some((item) => !item.assetId)) return
    const assetIds = list.map((item) => item.assetId!)
    setPhase('ordering')
    setOrderFailed(false)
    try {
      const { data } = await api.assets.setOrder({ ...targetRef.current, assetIds })
      setSavedOrder(data.map((page: Asset) => page.id).join(','))
      setPhase('saved')
      // Every viewer's cached pages of this comic: the reader and the preview show the new order.
      void queryClient.invalidateQueries({ queryKey: ['comics-kit', 'assets', targetRef.current.comicId] })
      void queryClient.invalidateQueries({ queryKey: ['comics-kit', 'audit-log'] })
    } catch (error) {
      console.error('Saving the page order failed', error)
      setOrderFailed(true)
      setPhase('idle')
    }
  }, [api, queryClient])

  const upload = useCallback(async () => {
    if (abortRef.current) return
    const controller = new AbortController()
    abortRef.current = controller
    setPhase('uploading')
    // Each file once per round: one that failed waits for the next retry.
    const tried = new Set<string>()
    try {
      // One file at a time, in the order shown: each has the whole connection, and a cut stops one file.
      for (;;) {
        const next = pagesToSend(itemsRef.current).find((item) => !tried.has(item.key))
        if (!next || controller.signal.aborted) break
        const { key, file } = next
        tried.add(key)
        if (!file) continue
        update(key, { status: 'uploading', sent: 0, failure: undefined })
        try {
          const { data } = await api.assets.uploadPage(
            { ...targetRef.current, page: file },
            { signal: controller.signal, onUploadProgress: ({ loaded }) => update(key, { sent: loaded }) },
          )
          // Replaced while on its way: the new file is still to send.
          if (itemsRef.current.find((item) => item.key === key)?.file === file) update(key, { status: 'done', sent: file.size, assetId: data[0]!.id })
        } catch (error) {
          const code = isApiFailure(error) ? error.code : 'unknown'
          if (code === 'aborted') update(key, { status: 'queued', sent: 0 })
          else update(key, { status: 'failed', sent: 0, failure: code })
        }
      }
    } finally {
      abortRef.current = null
    }
    if (controller.signal.aborted) return setPhase('cancelled')
    if (itemsRef.current.length > 0 && itemsRef.current.every((item) => item.status === 'done')) await saveOrder()
    else setPhase('idle')
  }, [api, saveOrder, setItems, update])

  const cancel = useCallback(() => abortRef.current?.abort(), [])

  const progress = useMemo(
    () => episodeUploadProgress(items.map((item) => ({ status: item.status, size: item.size, sent: item.sent }))),
    [items],
  )
  const orderChanged = savedOrder !== null && items.map((item) => item.assetId ?? '').join(',') !== savedOrder

  return { items, phase, progress, orderChanged, skipped, orderFailed, loading, loadFailed, add, move, remove, replace, upload, cancel, saveOrder }
}
