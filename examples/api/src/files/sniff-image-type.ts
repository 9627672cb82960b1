/** Image types the API stores, recognised by their first bytes rather than by what the client claims. */
export interface ImageType {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif'
  extension: 'jpg' | 'png' | 'webp' | 'avif'
}

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end))

/**
 * The type of an image from its magic bytes, or undefined for anything else (text, SVG, GIF, PDF,
 * executables...). SVG is never accepted: it can carry script.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { contentType: 'image/jpeg', extension: 'jpg' }
  }
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') {
    return { contentType: 'image/png', extension: 'png' }
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return { contentType: 'image/webp', extension: 'webp' }
  }
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 12))) {
    return { contentType: 'image/avif', extension: 'avif' }
  }
  return undefined
}

/** Content type of a stored file name's extension (names are ours, see files/file-store.ts). */
export const CONTENT_TYPE_BY_EXTENSION: Record<ImageType['extension'], ImageType['contentType']> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
}
