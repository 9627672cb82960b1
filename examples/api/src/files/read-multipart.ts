import type { IncomingMessage } from 'node:http'
import type { FastifyRequest } from 'fastify'
import { MAX_UPLOAD_BYTES } from '@comics/core/contract'
import { HttpError } from '../http/http-error'
import { sniffImageType, type ImageType } from './sniff-image-type'

/** An uploaded image, checked by content and measured, not yet stored. */
export interface UploadedImage extends ImageType {
  bytes: Buffer
  width: number
  height: number
}

export interface MultipartForm {
  fields: Record<string, string>
  files: Record<string, UploadedImage[]>
}

/**
 * Reads a whole multipart form into memory and checks every file before anything is written, so a
 * refused request leaves no file and no row behind. The client's file names are ignored.
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
  const raw: { field: string; bytes: Buffer; index: number }[] = []
  let total = 0
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
      const bytes = await Promise.race([part.toBuffer(), gone.promise])
      total += bytes.length
      if (total > options.requestLimitBytes) throw new HttpError(413, 'body_too_large', 'The uploaded files are too large together')
      raw.push({ field: part.fieldname, bytes, index: raw.filter((f) => f.field === part.fieldname).length })
    }
  } catch (error) {
    throw unreadableForm(error)
  } finally {
    gone.stop()
  }

  const files: Record<string, UploadedImage[]> = {}
  for (const { field, bytes, index } of raw) {
    const where = `${field}[${index}]`
    const type = sniffImageType(bytes)
    if (!type) {
      throw new HttpError(415, 'unsupported_image_type', `${where} is not a JPEG, PNG, WebP or AVIF image`, {
        [field]: [`${where}: not a JPEG, PNG, WebP or AVIF image`],
      })
    }
    const measured = await measure(bytes)
    if (!measured) {
      throw new HttpError(415, 'unreadable_image', `${where} could not be read as an image`, { [field]: [`${where}: unreadable image`] })
    }
    ;(files[field] ??= []).push({ ...type, bytes, ...measured })
  }
  return { fields, files }
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

async function measure(bytes: Buffer): Promise<{ width: number; height: number } | undefined> {
  // sharp (a native library, a quarter of a second to load) is loaded by the first upload, not at start;
  // outside the try, so a sharp that cannot load is a server error, not an unreadable image.
  const { default: sharp } = await import('sharp')
  try {
    const { width, height } = await sharp(bytes).metadata()
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
