import { randomBytes, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { S3Client } from '@aws-sdk/client-s3'

/**
 * Keys of what is stored: an image (`<sha256>.<ext>`), its renditions (`renditions/<sha256>-w<width>.<ext>`) and
 * a tall one's tiles (`renditions/<sha256>-t<index>[-w<width>].<ext>`).
 * Nothing else is ever read or written through a store, so no client-given name becomes a path or a key.
 */
export const STORED_KEY = /^(renditions\/)?[0-9a-f]{64}(-t[0-9]{1,3})?(-w[1-9][0-9]{0,4})?\.(jpg|png|webp|avif)$/

export interface StoredObject {
  body: Readable
  size: number
}

/**
 * Where the images live: the local disk of one machine, or an S3-compatible bucket shared by every
 * instance (STORAGE_BACKEND). A `put` is whole or absent: no reader ever sees half an object.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3'
  has(key: string): Promise<boolean>
  /** Stores `body` under `key`; a stream is passed on as it is read (a bounded memory per upload). */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>
  /** The object, or undefined when there is none. */
  read(key: string): Promise<StoredObject | undefined>
  remove(key: string): Promise<void>
  /** A write and its removal: throws when the storage cannot take a write (readiness). */
  probe(): Promise<void>
  /**
   * An address of the object a browser may load until `expiresAt` (signed at `signedAt`), when the storage
   * serves objects itself (S3's presigned URLs); undefined when the file route serves them.
   */
  presignedUrl(key: string, signedAt: Date, expiresAt: Date): Promise<string | undefined>
}

function checked(key: string): string {
  if (!STORED_KEY.test(key)) throw new Error(`Not a stored key: ${key}`)
  return key
}

/** The default of one machine: files in a folder (FILES_DIR), written then renamed. */
export class LocalDiskStorage implements ObjectStorage {
  readonly kind = 'local'

  constructor(readonly directory: string) {}

  private pathOf(key: string): string {
    return join(this.directory, checked(key))
  }

  has(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then((info) => info.isFile(), () => false)
  }

  async put(key: string, body: Buffer | Readable, _contentType: string): Promise<void> {
    const path = this.pathOf(key)
    await mkdir(dirname(path), { recursive: true })
    // Write then rename, so a reader never sees half a file.
    const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temporary))
      await rename(temporary, path)
    } catch (error) {
      await rm(temporary, { force: true })
      throw error
    }
  }

  async read(key: string): Promise<StoredObject | undefined> {
    const path = this.pathOf(key)
    const info = await stat(path).catch(() => undefined)
    if (!info?.isFile()) return undefined
    return { body: createReadStream(path), size: info.size }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true })
  }

  async probe(): Promise<void> {
    // A full disk or a read-only mount fails it. The name is never a stored key, so no route serves it.
    await mkdir(this.directory, { recursive: true })
    const probe = join(this.directory, `.readyz-${randomUUID()}`)
    await pipeline(Readable.from(['ok']), createWriteStream(probe))
    await rm(probe, { force: true })
  }

  async presignedUrl(): Promise<undefined> {
    return undefined
  }
}

export interface S3Settings {
  endpoint: string | undefined
  bucket: string
  region: string
  accessKeyId: string | undefined
  secretAccessKey: string | undefined
  forcePathStyle: boolean
}

/**
 * The AWS SDK's client for `settings`, the SDK loaded on first use (a server on the local disk never loads
 * it).
 */
export async function s3ClientFor(settings: Omit<S3Settings, 'bucket'>): Promise<S3Client> {
  const { S3Client } = await import('@aws-sdk/client-s3')
  const { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = settings
  return new S3Client({
    region,
    forcePathStyle,
    ...(endpoint ? { endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    // Answers from a server that speaks S3 but not the newer checksum headers (R2, MinIO, s3rver).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

/**
 * Part size of a streamed upload: S3's smallest (5 MiB). With one part in flight at a time, an upload
 * holds about one part in memory, whatever the file's size (docs/performance.md).
 */
export const S3_PART_BYTES = 5 * 1024 * 1024

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO...) through the AWS SDK v3. Uploads are streamed
 * with lib-storage's multipart upload (a single PUT below one part); S3 makes an object visible whole.
 * The SDK is loaded when the storage is first used, so a server on the local disk never loads it.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3'
  private client: Promise<S3Client> | undefined

  constructor(readonly settings: S3Settings) {}

  private s3(): Promise<S3Client> {
    this.client ??= s3ClientFor(this.settings)
    return this.client
  }

  async has(key: string): Promise<boolean> {
    const { HeadObjectCommand } = await import('@aws-sdk/client-s3')
    try {
      await (await this.s3()).send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: checked(key) }))
      return true
    } catch (error) {
      if (isMissing(error)) return false
      throw error
    }
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    const { Upload } = await import('@aws-sdk/lib-storage')
    const upload = new Upload({
      client: await this.s3(),
      params: { Bucket: this.settings.bucket, Key: checked(key), Body: body, ContentType: contentType },
      queueSize: 1,
      partSize: S3_PART_BYTES,
      leavePartsOnError: false,
    })
    await upload.done()
  }

  async read(key: string): Promise<StoredObject | undefined> {
    const { GetObjectCommand } = await import('@aws-sdk/client-s3')
    try {
      const answer = await (await this.s3()).send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: checked(key) }))
      if (!(answer.Body instanceof Readable)) throw new Error('The S3 answer has no readable body')
      return { body: answer.Body, size: answer.ContentLength ?? 0 }
    } catch (error) {
      if (isMissing(error)) return undefined
      throw error
    }
  }

  async remove(key: string): Promise<void> {
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3')
    await (await this.s3()).send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checked(key) }))
  }

  async probe(): Promise<void> {
    const { DeleteObjectCommand, PutObjectCommand } = await import('@aws-sdk/client-s3')
    const client = await this.s3()
    // Not a stored key: the file route never serves it.
    const Key = `.readyz/${randomUUID()}`
    await client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key, Body: 'ok', ContentType: 'text/plain' }))
    await client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key }))
  }

  async presignedUrl(key: string, signedAt: Date, expiresAt: Date): Promise<string> {
    const [{ GetObjectCommand }, { getSignedUrl }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')])
    const expiresIn = Math.max(1, Math.round((expiresAt.getTime() - signedAt.getTime()) / 1000))
    return getSignedUrl(await this.s3(), new GetObjectCommand({ Bucket: this.settings.bucket, Key: checked(key) }), {
      expiresIn,
      signingDate: signedAt,
    })
  }

  /** Closes the client's connections. */
  async close(): Promise<void> {
    if (this.client) (await this.client).destroy()
  }
}

function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404
}
