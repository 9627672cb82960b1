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

/** An asset's `widths`, when its image has renditions (an image no wider than 480 pixels has none). */
export function listedRenditions(width: number | null | undefined): { widths?: number[] } {
  const widths = renditionWidthsOf(width)
  return widths.length > 0 ? { widths } : {}
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
  private readonly waiting: { name: string; width: number; onFailure: PrepareFailure }[] = []
  private draining: Promise<void> | undefined
  private closed = false
  private durable: ((renditions: { name: string; width: number }[]) => Promise<void>) | undefined

  constructor(private readonly store: FileStore) {}

  /**
   * Has `prepare` queue the renditions as durable jobs (`queue`, the API's JobQueue: made once by
   * whichever instance claims them, and still made after a restart) instead of in this process's memory.
   */
  queueDurably(queue: (renditions: { name: string; width: number }[]) => Promise<void>): void {
    this.durable = queue
  }

  /**
   * Queues every rendition the assets of these images list (RENDITION_WIDTHS narrower than each), to be
   * made in the background after those queued before. Returns at once; nothing is queued once closed.
   */
  prepare(images: readonly ImageToPrepare[], onFailure: PrepareFailure): void {
    if (this.closed) return
    if (this.durable) {
      const queued = images.flatMap((image) => renditionWidthsOf(image.width).map((width) => ({ name: image.name, width })))
      if (queued.length > 0) void this.durable(queued).catch((error: unknown) => onFailure(error, queued[0]!))
      return
    }
    for (const image of images) for (const width of renditionWidthsOf(image.width)) this.waiting.push({ name: image.name, width, onFailure })
    this.drain()
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
    await Promise.allSettled(this.making.values())
  }

  private drain(): void {
    if (this.draining || this.closed || this.waiting.length === 0) return
    this.draining = (async () => {
      for (let next = this.waiting.shift(); next && !this.closed; next = this.waiting.shift()) {
        const { name, width, onFailure } = next
        await this.keyOf(name, width).catch((error: unknown) => onFailure(error, { name, width }))
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
      made = this.make(name, key, width).finally(() => this.making.delete(key))
      this.making.set(key, made)
    }
    return made
  }

  private async make(name: string, key: string, width: number): Promise<string | undefined> {
    const original = await this.store.storage.read(name)
    if (!original) return undefined
    // One image of at most MAX_UPLOAD_BYTES, read to be decoded.
    const chunks: Buffer[] = []
    for await (const chunk of original.body) chunks.push(chunk as Buffer)
    // Loaded on the first rendition only: the server starts without it.
    const { default: sharp } = await import('sharp')
    const image = sharp(Buffer.concat(chunks))
    const { width: originalWidth } = await image.metadata()
    if (!originalWidth || originalWidth <= width) return undefined
    const extension = name.slice(name.lastIndexOf('.') + 1) as ImageType['extension']
    const bytes = await ENCODE[extension](image.resize({ width })).toBuffer()
    await this.store.storage.put(key, bytes, CONTENT_TYPE_BY_EXTENSION[extension])
    return key
  }
}
