import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyRequest } from 'fastify'
import { MAX_UPLOAD_BYTES } from '@comics/core/contract'
import { HttpError } from '../http/http-error'
import { sniffImageType, type ImageType } from './sniff-image-type'

/**
 * An uploaded image, checked by content and measured, not yet stored: spooled to a local temporary file
 * (`path`) as it arrived, hashed on the way, never whole in memory.
 */
export interface UploadedImage extends ImageType {
  path: string
  byteSize: number
  sha256: string
  width: number
  height: number
  bytes?: undefined
}

export interface MultipartForm {
  fields: Record<string, string>
  files: Record<string, UploadedImage[]>
  /** Removes the form's temporary files; call it once the files are stored (or refused). */
  discard(): Promise<void>
}

/** What is kept of a file's first bytes to recognise its type. */
const HEAD_BYTES = 64

/**
 * Reads a multipart form, streaming each file to a temporary file of its own (hashed as it passes, so
 * memory stays bounded whatever the sizes), and checks every file before anything is stored, so a
 * refused request leaves no file and no row behind. The client's file names are ignored. The caller
 * calls `discard` when done; a refused form is discarded here.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: { fileFields: readonly string[]; requestLimitBytes: number },
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'unsupported_media_type', 'Expected a multipart/form-data body')
  }
  // No prototype: a field named 'constructor' or 'toString' is a field like any other.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>
  const raw: { field: string; path: string; head: Buffer; byteSize: number; sha256: string; index: number }[] = []
  let total = 0
  const folder = await mkdtemp(join(tmpdir(), 'comics-upload-'))
  const discard = () => rm(folder, { recursive: true, force: true })
  // A client that hangs up before the body is whole ends the read: the parser, fed from a stream that
  // closed without ending, would otherwise wait for the rest for ever and the handler never finish.
  const gone = clientGone(request.raw)
  try {
    const parts = request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 500, fields: 50, fieldSize: 200_000 } })[Symbol.asyncIterator]()
    for (;;) {
      const step = await Promise.race([parts.next(), gone.promise])
      if (step.done) break
      const part = step.value
      if (part.type === 'field') {
        if (typeof part.value !== 'string') throw new HttpError(400, 'invalid_request', `Field '${part.fieldname}' must be text`)
        if (part.fieldname in fields) {
          throw new HttpError(400, 'invalid_request', `Field '${part.fieldname}' is repeated`, { [part.fieldname]: ['Repeated field'] })
        }
        fields[part.fieldname] = part.value
        continue
      }
      if (!options.fileFields.includes(part.fieldname)) {
        part.file.resume()
        throw new HttpError(400, 'invalid_request', `Unknown file field '${part.fieldname}'`, { [part.fieldname]: ['Unknown field'] })
      }
      const path = join(folder, String(raw.length))
      const hash = createHash('sha256')
      let head = Buffer.alloc(0)
      let byteSize = 0
      const tooLarge = () => new HttpError(413, 'body_too_large', 'The uploaded files are too large together')
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          byteSize += chunk.length
          total += chunk.length
          if (total > options.requestLimitBytes) return done(tooLarge())
          if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)])
          hash.update(chunk)
          done(null, chunk)
        },
      })
      await Promise.race([pipeline(part.file, count, createWriteStream(path)), gone.promise])
      if (part.file.truncated) throw new (request.server.multipartErrors.RequestFileTooLargeError)()
      raw.push({ field: part.fieldname, path, head, byteSize, sha256: hash.digest('hex'), index: raw.filter((f) => f.field === part.fieldname).length })
    }
  } catch (error) {
    await discard()
    throw unreadableForm(error)
  } finally {
    gone.stop()
  }

  const files: Record<string, UploadedImage[]> = {}
  try {
    for (const { field, path, head, byteSize, sha256, index } of raw) {
      const where = `${field}[${index}]`
      const type = sniffImageType(head)
      if (!type) {
        throw new HttpError(415, 'unsupported_image_type', `${where} is not a JPEG, PNG, WebP or AVIF image`, {
          [field]: [`${where}: not a JPEG, PNG, WebP or AVIF image`],
        })
      }
      const measured = await measure(path)
      if (!measured) {
        throw new HttpError(415, 'unreadable_image', `${where} could not be read as an image`, { [field]: [`${where}: unreadable image`] })
      }
      ;(files[field] ??= []).push({ ...type, path, byteSize, sha256, ...measured })
    }
  } catch (error) {
    await discard()
    throw error
  }
  return { fields, files, discard }
}

/**
 * Settles (rejecting) when the client closes the connection before its body has arrived whole, including
 * when it did so before the form began to be read.
 */
function clientGone(raw: IncomingMessage): { promise: Promise<never>; stop: () => void } {
  let stop = () => {}
  const promise = new Promise<never>((_, reject) => {
    const refuse = () => reject(new HttpError(400, 'malformed_multipart', 'The client closed the connection before the form was complete'))
    if (raw.complete) return
    if (raw.destroyed || raw.readableAborted) return refuse()
    const onClose = () => {
      if (!raw.complete) refuse()
    }
    raw.once('close', onClose)
    stop = () => raw.off('close', onClose)
  })
  // Nobody may be listening once the form is read: a late rejection is not an unhandled one.
  promise.catch(() => {})
  return { promise, stop }
}

async function measure(path: string): Promise<{ width: number; height: number } | undefined> {
  // sharp (a native library, a quarter of a second to load) is loaded by the first upload, not at start;
  // outside the try, so a sharp that cannot load is a server error, not an unreadable image.
  const { default: sharp } = await import('sharp')
  try {
    // Read from the file: sharp reads what the header needs, not the whole image.
    const { width, height } = await sharp(path).metadata()
    return width && height ? { width, height } : undefined
  } catch {
    return undefined
  }
}

/**
 * An error met while reading the form, as the client should see it: our own refusals and the plugin's
 * limits (which carry a code the error handler knows) pass as they are; the parser's complaints about the
 * body itself (a boundary that never comes, a form that ends too soon, a malformed part header) are a 400.
 */
function unreadableForm(error: unknown): unknown {
  if (error instanceof HttpError) return error
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown }
  if (typeof code === 'string' && code.startsWith('FST_') && typeof statusCode === 'number' && statusCode < 500) return error
  const reason = error instanceof Error ? error.message : String(error)
  return new HttpError(400, 'malformed_multipart', `The multipart body could not be read: ${reason.slice(0, 200)}`)
}
