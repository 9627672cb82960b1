import { createHash } from 'node:crypto'
import { mkdir, rename, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database } from '../db/database'
import { files } from '../db/schema'
import type { ImageType } from './sniff-image-type'

/** Stored names: a SHA-256 in hex and our own extension. Nothing else is ever served from the folder. */
export const STORED_FILE_NAME = /^[0-9a-f]{64}\.(jpg|png|webp|avif)$/

export interface ImageToStore extends ImageType {
  bytes: Buffer
  width: number
  height: number
}

/**
 * Content-addressed image storage on disk: the name is the hash of the bytes, so the same image uploaded
 * or seeded twice is one file, and a client's file name never decides a path.
 */
export class FileStore {
  constructor(readonly directory: string, readonly publicBaseUrl: string) {}

  nameOf(image: ImageToStore): string {
    return `${createHash('sha256').update(image.bytes).digest('hex')}.${image.extension}`
  }

  pathOf(name: string): string {
    if (!STORED_FILE_NAME.test(name)) throw new Error(`Not a stored file name: ${name}`)
    return join(this.directory, name)
  }

  urlOf(name: string | null): string {
    return name ? `${this.publicBaseUrl}/${name}` : ''
  }

  /** Writes the bytes (once; an existing file of that name already holds them) and returns the name. */
  async write(image: ImageToStore): Promise<string> {
    const name = this.nameOf(image)
    const path = this.pathOf(name)
    const exists = await stat(path).then(() => true, () => false)
    if (!exists) {
      await mkdir(this.directory, { recursive: true })
      // Write then rename, so a reader never sees half a file.
      const temporary = `${path}.${process.pid}.${Date.now()}.tmp`
      await writeFile(temporary, image.bytes)
      await rename(temporary, path)
    }
    return name
  }

  /** Writes the files and records them (width and height included) in the database. */
  async store(db: Database, images: readonly ImageToStore[]): Promise<string[]> {
    const names: string[] = []
    for (const image of images) names.push(await this.write(image))
    const rows = images.map((image, i) => ({
      name: names[i]!,
      contentType: image.contentType,
      byteSize: image.bytes.length,
      width: image.width,
      height: image.height,
    }))
    if (rows.length > 0) await db.insert(files).values(rows).onConflictDoNothing()
    return names
  }
}
