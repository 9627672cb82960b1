import { createHash, randomBytes } from 'node:crypto'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { inArray } from 'drizzle-orm'
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
  /** Names being stored by uploads still running, with how many: a file one of them also stores is not removed. */
  private readonly inFlight = new Map<string, number>()

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
    return (await this.writeFile(image)).name
  }

  /**
   * Stores images together with the rows that use them: the files are written to disk, then their rows
   * and the caller's writes (`write`, given the stored names in order) happen in one transaction. If that
   * fails (a conflict, the database gone) nothing is recorded and the files this call put on disk are
   * removed again, so a refused or failed upload leaves neither a row nor an orphan file.
   */
  async storeWith<T>(db: Database, images: readonly ImageToStore[], write: (tx: Database, names: string[]) => Promise<T>): Promise<T> {
    const names = images.map((image) => this.nameOf(image))
    for (const name of names) this.inFlight.set(name, (this.inFlight.get(name) ?? 0) + 1)
    const created: string[] = []
    try {
      for (const image of images) {
        const written = await this.writeFile(image)
        if (written.created) created.push(written.name)
      }
      return await db.transaction(async (tx) => {
        const rows = images.map((image, i) => ({
          name: names[i]!,
          contentType: image.contentType,
          byteSize: image.bytes.length,
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

  private async writeFile(image: ImageToStore): Promise<{ name: string; created: boolean }> {
    const name = this.nameOf(image)
    const path = this.pathOf(name)
    const exists = await stat(path).then(() => true, () => false)
    if (exists) return { name, created: false }
    await mkdir(this.directory, { recursive: true })
    // Write then rename, so a reader never sees half a file.
    const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
    try {
      await writeFile(temporary, image.bytes)
      await rename(temporary, path)
    } catch (error) {
      await rm(temporary, { force: true })
      throw error
    }
    return { name, created: true }
  }

  /** Removes files written by a store that failed, unless another store in flight or a recorded row uses them. */
  private async removeUnrecorded(db: Database, created: readonly string[]): Promise<void> {
    const candidates = created.filter((name) => (this.inFlight.get(name) ?? 0) <= 1)
    if (candidates.length === 0) return
    // With the database gone nothing can have recorded them since; the files go.
    const recorded = await db
      .select({ name: files.name })
      .from(files)
      .where(inArray(files.name, candidates))
      .then((rows) => new Set(rows.map((row) => row.name)), () => new Set<string>())
    await Promise.all(candidates.filter((name) => !recorded.has(name)).map((name) => rm(this.pathOf(name), { force: true })))
  }
}
