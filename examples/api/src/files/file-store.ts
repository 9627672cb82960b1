import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { inArray } from 'drizzle-orm'
import type { Database } from '../db/database'
import { files } from '../db/schema'
import { LocalDiskStorage, type ObjectStorage } from './object-storage'
import type { ImageType } from './sniff-image-type'

/** Stored names: a SHA-256 in hex and our own extension. Nothing else is ever served. */
export const STORED_FILE_NAME = /^[0-9a-f]{64}\.(jpg|png|webp|avif)$/

/** An image to store: its bytes in memory (the seed's), or spooled to a local file with its hash (an upload's). */
export type ImageToStore = ImageType & { width: number; height: number } & (
    | { bytes: Buffer; path?: undefined }
    | { path: string; byteSize: number; sha256: string; bytes?: undefined }
  )

const byteSizeOf = (image: ImageToStore) => (image.bytes ? image.bytes.length : image.byteSize)

/**
 * Content-addressed image storage: the name is the hash of the bytes, so the same image uploaded or
 * seeded twice is one object, and a client's file name never decides a key. The objects live in an
 * `ObjectStorage` (the local disk, or an S3 bucket shared by every instance).
 */
export class FileStore {
  /** Names being stored by uploads still running, with how many: a file one of them also stores is not removed. */
  private readonly inFlight = new Map<string, number>()

  /**
   * `directory` is a local folder for what the seed remembers of its images (its manifest), whichever
   * storage holds the images themselves.
   */
  constructor(
    readonly storage: ObjectStorage,
    readonly publicBaseUrl: string,
    readonly directory: string,
  ) {}

  /** The images in a local folder (the one-machine default), the seed's manifest beside them. */
  static onDisk(directory: string, publicBaseUrl: string): FileStore {
    return new FileStore(new LocalDiskStorage(directory), publicBaseUrl, directory)
  }

  nameOf(image: ImageToStore): string {
    const hash = image.bytes ? createHash('sha256').update(image.bytes).digest('hex') : image.sha256
    return `${hash}.${image.extension}`
  }

  urlOf(name: string | null): string {
    return name ? `${this.publicBaseUrl}/${name}` : ''
  }

  has(name: string): Promise<boolean> {
    if (!STORED_FILE_NAME.test(name)) return Promise.resolve(false)
    return this.storage.has(name)
  }

  /** Writes the bytes (once; an existing object of that name already holds them) and returns the name. */
  async write(image: ImageToStore): Promise<string> {
    return (await this.writeObject(image)).name
  }

  /**
   * Stores images together with the rows that use them: the objects are written, then their rows and
   * the caller's writes (`write`, given the stored names in order) happen in one transaction. If that
   * fails (a conflict, the database gone) nothing is recorded and the objects this call wrote are
   * removed again, so a refused or failed upload leaves neither a row nor an orphan object.
   */
  async storeWith<T>(db: Database, images: readonly ImageToStore[], write: (tx: Database, names: string[]) => Promise<T>): Promise<T> {
    const names = images.map((image) => this.nameOf(image))
    for (const name of names) this.inFlight.set(name, (this.inFlight.get(name) ?? 0) + 1)
    const created: string[] = []
    try {
      for (const image of images) {
        const written = await this.writeObject(image)
        if (written.created) created.push(written.name)
      }
      return await db.transaction(async (tx) => {
        const rows = images.map((image, i) => ({
          name: names[i]!,
          contentType: image.contentType,
          byteSize: byteSizeOf(image),
          width: image.width,
          height: image.height,
        }))
        if (rows.length > 0) await tx.insert(files).values(rows).onConflictDoNothing()
        return write(tx as unknown as Database, names)
      })
    } catch (error) {
      await this.removeUnrecorded(db, created)
      throw error
    } finally {
      for (const name of names) {
        const left = (this.inFlight.get(name) ?? 1) - 1
        if (left > 0) this.inFlight.set(name, left)
        else this.inFlight.delete(name)
      }
    }
  }

  private async writeObject(image: ImageToStore): Promise<{ name: string; created: boolean }> {
    const name = this.nameOf(image)
    if (await this.storage.has(name)) return { name, created: false }
    // An upload's spooled file is streamed to the storage, never read whole into memory.
    await this.storage.put(name, image.bytes ?? createReadStream(image.path), image.contentType)
    return { name, created: true }
  }

  /** Removes objects written by a store that failed, unless another store in flight or a recorded row uses them. */
  private async removeUnrecorded(db: Database, created: readonly string[]): Promise<void> {
    const candidates = created.filter((name) => (this.inFlight.get(name) ?? 0) <= 1)
    if (candidates.length === 0) return
    // With the database gone nothing can have recorded them since; the objects go.
    const recorded = await db
      .select({ name: files.name })
      .from(files)
      .where(inArray(files.name, candidates))
      .then((rows) => new Set(rows.map((row) => row.name)), () => new Set<string>())
    await Promise.all(candidates.filter((name) => !recorded.has(name)).map((name) => this.storage.remove(name).catch(() => {})))
  }
}
