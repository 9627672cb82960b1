import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { ImageType } from './sniff-image-type'
import type { FileStore } from './file-store'

/**
 * The widths a page image is also served at, when it is wider: phone screens in device pixels (360 to
 * 414 CSS pixels at 2x come to 720–828) and a narrow desktop column. A reader on a 375-pixel phone at 2x
 * gets the 750 one: for an 800-pixel page about 40 % fewer bytes than the image itself.
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
 * sharp's 80 and 4: on ten seeded pages at 750 px, 809 kB → 496 kB (effort 5 alone: 704 kB, in no more
 * time; effort 6 saved 1 % more for 1.6 times the time) for a mean PSNR against the resized page of
 * 40.6 dB (41.6 at quality 80), shown at 2x on a phone. See docs/decisions.md.
 */
type Sharp = import('sharp').Sharp
const ENCODE: Record<ImageType['extension'], (image: Sharp) => Sharp> = {
  webp: (image) => image.webp({ quality: 75, effort: 5 }),
  jpg: (image) => image.jpeg({ quality: 80, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9 }),
  avif: (image) => image.avif({ quality: 60, effort: 2 }),
}

/**
 * Narrower copies of stored images, made on first request and kept on disk beside them (in
 * `renditions/`, named by the image's hash and the width), so each is encoded once. Requests for one that
 * is being made wait for the same work.
 */
export class Renditions {
  private readonly making = new Map<string, Promise<string | undefined>>()

  constructor(private readonly store: FileStore) {}

  /**
   * The path of the rendition of the stored image `name` at `width`, made if needed; undefined when the
   * image is not stored or is not wider than `width`. `width` must be one of RENDITION_WIDTHS.
   */
  async pathOf(name: string, width: number): Promise<string | undefined> {
    if (!isRenditionWidth(width)) return undefined
    const original = this.store.pathOf(name)
    const dot = name.lastIndexOf('.')
    const path = join(this.store.directory, 'renditions', `${name.slice(0, dot)}-w${width}${name.slice(dot)}`)
    if (await isFile(path)) return path
    let made = this.making.get(path)
    if (!made) {
      made = this.make(original, path, width, name.slice(dot + 1) as ImageType['extension']).finally(() => this.making.delete(path))
      this.making.set(path, made)
    }
    return made
  }

  private async make(original: string, path: string, width: number, extension: ImageType['extension']): Promise<string | undefined> {
    if (!(await isFile(original))) return undefined
    // Loaded on the first rendition only: the server starts without it.
    const { default: sharp } = await import('sharp')
    const image = sharp(original)
    const { width: originalWidth } = await image.metadata()
    if (!originalWidth || originalWidth <= width) return undefined
    const bytes = await ENCODE[extension](image.resize({ width })).toBuffer()
    await mkdir(dirname(path), { recursive: true })
    // Write then rename, so a request never reads half a file.
    const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
    try {
      await writeFile(temporary, bytes)
      await rename(temporary, path)
    } catch (error) {
      await rm(temporary, { force: true })
      throw error
    }
    return path
  }
}

const isFile = (path: string) => stat(path).then((info) => info.isFile(), () => false)
