import { assetTileUrl, type AssetTile } from '@comics/core/contract'
import { pageTileHeights, pageTileRows } from '@comics/core/rules'
import { CONTENT_TYPE_BY_EXTENSION, type ImageType } from './sniff-image-type'
import { STORED_FILE_NAME, type FileStore } from './file-store'

/**
 * The widths a page image is also served at, when it is wider: phone screens in device pixels (360 to
 * 414 CSS pixels at 2x come to 720–828) and a narrow desktop column. A reader on a 375-pixel phone at 2x
 * gets the 750 one, far fewer bytes than the 800-pixel image itself (docs/performance.md).
 */
export const RENDITION_WIDTHS = [480, 640, 750, 828, 1080] as const

/** The renditions to list for an image `width` pixels wide: those narrower than it. */
export const renditionWidthsOf = (width: number | null | undefined): number[] =>
  width ? RENDITION_WIDTHS.filter((w) => w < width) : []

/**
 * An asset's `widths` (none for an image no wider than 480 pixels) and, for a page too tall to decode safely on a phone (core `pageTileHeights`), its
 * `tiles`: each at the page's address with `?t=` (a signed address's signature covers them too), with
 * the page's rendition widths. `url` is the page's address as listed.
 */
export function listedPageImages(url: string, width: number | null | undefined, height: number | null | undefined): { widths?: number[]; tiles?: AssetTile[] } {
  const widths = renditionWidthsOf(width)
  const tiles = pageTileHeights(width, height).map((tileHeight, index) => ({
    url: assetTileUrl(url, index),
    width: width!,
    height: tileHeight,
    ...(widths.length > 0 ? { widths } : {}),
  }))
  return { ...(widths.length > 0 ? { widths } : {}), ...(tiles.length > 0 ? { tiles } : {}) }
}

export const isRenditionWidth = (width: number): boolean => (RENDITION_WIDTHS as readonly number[]).includes(width)

/**
 * Encoders per stored type: the rendition keeps the image's own format, so its content type is the same.
 * WebP at quality 75 (cwebp's default, and Next.js's for its image renditions) and effort 5, against
 * sharp's 80 and 4: markedly fewer bytes for a barely lower fidelity, shown at 2x on a phone, and effort
 * 6 was not worth its time. The measurements are in docs/performance.md, the choice in docs/decisions.md.
 */
type Sharp = import('sharp').Sharp
const ENCODE: Record<ImageType['extension'], (image: Sharp) => Sharp> = {
  webp: (image) => image.webp({ quality: 75, effort: 5 }),
  jpg: (image) => image.jpeg({ quality: 80, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9 }),
  avif: (image) => image.avif({ quality: 60, effort: 2 }),
}

/** A stored image whose renditions are to be made ahead of the first request. */
export interface ImageToPrepare {
  name: string
  width: number | null | undefined
  /** Its height: a page taller than core's tile bound gets its tiles made ahead instead of renditions. */
  height?: number | null | undefined
}

/**
 * One piece of work made ahead: the rendition of `name` at `width`, or with `tiles` every tile of it at
 * `width` (the image's own width for the tiles themselves), cut from one decode.
 */
export interface PreparedWork {
  name: string
  width: number
  tiles?: true
}

/** Told when a rendition made ahead fails; the request for it will try again. */
export type PrepareFailure = (error: unknown, image: { name: string; width: number }) => void

/**
 * Narrower copies of stored images, kept in the same storage (under `renditions/`, named by the image's
 * hash and the width), so each is encoded once, and by one instance for all when the storage is shared. They are made ahead, in the background and one at a time, for
 * the page images an upload or the seed stores (`prepare`), so the first reader of a page does not wait
 * for its encoding; one asked for before that (or one whose making failed) is made on the request.
 * Requests for one that is being made wait for the same work.
 */
export class Renditions {
  private readonly making = new Map<string, Promise<string | undefined>>()
  private readonly waiting: (PreparedWork & { onFailure: PrepareFailure })[] = []
  private readonly cutting = new Map<string, Promise<string[] | undefined>>()
  private draining: Promise<void> | undefined
  private closed = false
  private durable: ((work: PreparedWork[]) => Promise<void>) | undefined

  constructor(private readonly store: FileStore) {}

  /**
   * Has `prepare` queue the renditions as durable jobs (`queue`, the API's JobQueue: made once by
   * whichever instance claims them, and still made after a restart) instead of in this process's memory.
   */
  queueDurably(queue: (work: PreparedWork[]) => Promise<void>): void {
    this.durable = queue
  }

  /**
   * Queues every rendition the assets of these images list (RENDITION_WIDTHS narrower than each), to be
   * made in the background after those queued before; for a page cut into tiles (core `pageTileHeights`),
   * its tiles at its own width and at each of those widths instead, which is what a reader shows of it
   * (the whole page's renditions are still made on request). Returns at once; nothing is queued once closed.
   */
  prepare(images: readonly ImageToPrepare[], onFailure: PrepareFailure): void {
    if (this.closed) return
    const queued = images.flatMap((image): PreparedWork[] => {
      const widths = renditionWidthsOf(image.width)
      if (pageTileHeights(image.width, image.height).length === 0) return widths.map((width) => ({ name: image.name, width }))
      return [image.width!, ...widths].map((width) => ({ name: image.name, width, tiles: true }))
    })
    if (this.durable) {
      if (queued.length > 0) void this.durable(queued).catch((error: unknown) => onFailure(error, queued[0]!))
      return
    }
    for (const work of queued) this.waiting.push({ ...work, onFailure })
    this.drain()
  }

  /** Makes one piece of work `prepare` queued (a durable job runs it): a rendition, or a width's tiles. */
  async make(work: PreparedWork): Promise<void> {
    if (work.tiles) await this.tilesOf(work.name, work.width)
    else await this.keyOf(work.name, work.width)
  }

  /** Resolves when every rendition queued so far has been made (or has failed, told to its `onFailure`). */
  async settled(): Promise<void> {
    while (this.draining) await this.draining
  }

  /**
   * Lets what is queued be made for up to `finishWithinMs` (none by default), then drops the rest (made on
   * their first request instead) and waits for the renditions being made: the storage is left alone after.
   */
  async close(options: { finishWithinMs?: number | undefined } = {}): Promise<void> {
    if (options.finishWithinMs) {
      let timer: NodeJS.Timeout | undefined
      await Promise.race([this.settled(), new Promise((resolve) => (timer = setTimeout(resolve, options.finishWithinMs)))])
      clearTimeout(timer)
    }
    this.closed = true
    this.waiting.length = 0
    await this.settled()
    await Promise.allSettled([...this.making.values(), ...this.cutting.values()])
  }

  private drain(): void {
    if (this.draining || this.closed || this.waiting.length === 0) return
    this.draining = (async () => {
      for (let next = this.waiting.shift(); next && !this.closed; next = this.waiting.shift()) {
        const { onFailure, ...work } = next
        await this.make(work).catch((error: unknown) => onFailure(error, { name: work.name, width: work.width }))
      }
    })().finally(() => {
      this.draining = undefined
      // Queued while the last one was being made.
      this.drain()
    })
  }

  /** The storage key of the rendition of the stored image `name` at `width`. */
  static keyOf(name: string, width: number): string {
    const dot = name.lastIndexOf('.')
    return `renditions/${name.slice(0, dot)}-w${width}${name.slice(dot)}`
  }

  /**
   * The storage key of the rendition of the stored image `name` at `width`, made if needed; undefined
   * when the image is not stored or is not wider than `width`. `width` must be one of RENDITION_WIDTHS.
   */
  async keyOf(name: string, width: number): Promise<string | undefined> {
    if (!STORED_FILE_NAME.test(name)) throw new Error(`Not a stored file name: ${name}`)
    if (!isRenditionWidth(width)) return undefined
    const key = Renditions.keyOf(name, width)
    if (await this.store.storage.has(key)) return key
    let made = this.making.get(key)
    if (!made) {
      made = this.makeRendition(name, key, width).finally(() => this.making.delete(key))
      this.making.set(key, made)
    }
    return made
  }

  /** The storage key of tile `index` of the stored image `name`, at `width` for a rendition of it (none: the tile itself). */
  static tileKeyOf(name: string, index: number, width?: number): string {
    const dot = name.lastIndexOf('.')
    return `renditions/${name.slice(0, dot)}-t${index}${width === undefined ? '' : `-w${width}`}${name.slice(dot)}`
  }

  /**
   * The storage key of tile `index` (from 0) of the stored image `name`, at `width` if given (one of
   * RENDITION_WIDTHS narrower than the image), made if needed with the other tiles of that width; undefined
   * when the image is not stored, is not cut into tiles (core `pageTileHeights`) or has no such tile.
   */
  async tileKeyOf(name: string, index: number, width?: number): Promise<string | undefined> {
    if (!STORED_FILE_NAME.test(name)) throw new Error(`Not a stored file name: ${name}`)
    if (width !== undefined && !isRenditionWidth(width)) return undefined
    const key = Renditions.tileKeyOf(name, index, width)
    if (await this.store.storage.has(key)) return key
    return (await this.tilesOf(name, width))?.[index]
  }

  /**
   * The keys of every tile of `name` at `width` (the image's own width when undefined or equal to it),
   * made if needed; undefined when the image is not stored, not tiled, or not wider than `width`.
   */
  async tilesOf(name: string, width?: number): Promise<string[] | undefined> {
    if (!STORED_FILE_NAME.test(name)) throw new Error(`Not a stored file name: ${name}`)
    const job = `${name}:${width ?? ''}`
    let made = this.cutting.get(job)
    if (!made) {
      made = this.cut(name, width).finally(() => this.cutting.delete(job))
      this.cutting.set(job, made)
    }
    return made
  }

  /**
   * Cuts the image into its tiles at `width`: each band (core `pageTileRows`, so the tiles of a width meet
   * exactly) taken from the whole image resized, not resized on its own (its edges would blur against
   * nothing), and encoded in the image's format. libvips computes only the rows a band needs, reading the
   * image in order, so a band costs its own pixels in memory, not the page's (a 6000 × 20000 page is 480 MB
   * decoded). The original is left as it is. A tile already stored is kept (a job run twice writes the same bytes).
   */
  private async cut(name: string, width: number | undefined): Promise<string[] | undefined> {
    const bytes = await this.bytesOf(name)
    if (!bytes) return undefined
    const { default: sharp } = await import('sharp')
    const { width: originalWidth, height: originalHeight } = await sharp(bytes).metadata()
    if (!originalWidth || !originalHeight || pageTileHeights(originalWidth, originalHeight).length === 0) return undefined
    const scaled = width !== undefined && width !== originalWidth
    if (scaled && (!isRenditionWidth(width) || width > originalWidth)) return undefined
    const keys = pageTileHeights(originalWidth, originalHeight).map((_, index) => Renditions.tileKeyOf(name, index, scaled ? width : undefined))
    const present = await Promise.all(keys.map((key) => this.store.storage.has(key)))
    if (present.every(Boolean)) return keys
    const tileWidth = scaled ? width : originalWidth
    const scaledHeight = Math.max(1, Math.round((originalHeight * tileWidth) / originalWidth))
    const extension = name.slice(name.lastIndexOf('.') + 1) as ImageType['extension']
    for (const [index, row] of pageTileRows(originalWidth, originalHeight, tileWidth).entries()) {
      if (present[index]) continue
      const whole = sharp(bytes, { sequentialRead: true })
      // The same height as core's rows count on: sharp would round the resized height the same way.
      const sized = scaled ? whole.resize({ width: tileWidth, height: scaledHeight, fit: 'fill' }) : whole
      const band = sized.extract({ left: 0, top: row.top, width: tileWidth, height: Math.min(row.height, scaledHeight - row.top) })
      await this.store.storage.put(keys[index]!, await ENCODE[extension](band).toBuffer(), CONTENT_TYPE_BY_EXTENSION[extension])
    }
    return keys
  }

  /** The stored image `name`'s bytes (at most MAX_UPLOAD_BYTES), read to be decoded; undefined when it is not stored. */
  private async bytesOf(name: string): Promise<Buffer | undefined> {
    const original = await this.store.storage.read(name)
    if (!original) return undefined
    const chunks: Buffer[] = []
    for await (const chunk of original.body) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  }

  /** The stored image `name` opened for decoding; undefined when it is not stored. */
  private async decoderOf(name: string): Promise<Sharp | undefined> {
    const bytes = await this.bytesOf(name)
    if (!bytes) return undefined
    // Loaded on the first rendition only: the server starts without it.
    const { default: sharp } = await import('sharp')
    return sharp(bytes)
  }

  private async makeRendition(name: string, key: string, width: number): Promise<string | undefined> {
    const image = await this.decoderOf(name)
    if (!image) return undefined
    const { width: originalWidth } = await image.metadata()
    if (!originalWidth || originalWidth <= width) return undefined
    const extension = name.slice(name.lastIndexOf('.') + 1) as ImageType['extension']
    const bytes = await ENCODE[extension](image.resize({ width })).toBuffer()
    await this.store.storage.put(key, bytes, CONTENT_TYPE_BY_EXTENSION[extension])
    return key
  }
}

