// The wire form of the admin's multipart fields and the upload limits, with no schema (no zod): the API
// client encodes with them before it loads the contract's schemas (src/api/callEndpoint.ts).

/** Encodes a boolean as a multipart field. */
export function encodeMultipartBoolean(value: boolean): '1' | '0' {
  return value ? '1' : '0'
}

/** Encodes a publish time (`null`: a draft) as a multipart field. */
export function encodeMultipartPublishAt(value: string | null): string {
  return value ?? ''
}

/** Image types accepted for every upload; SVG is refused (it can carry script). */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const
/** Largest single uploaded file. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
