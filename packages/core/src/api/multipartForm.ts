import { MAX_UPLOAD_BYTES, UPLOAD_IMAGE_TYPES, encodeMultipartBoolean } from '../contract/multipartWire'
import type { FieldIssue } from './errors'

/** Files of a multipart call by field name: one Blob, or a list sent under the same name. */
export type MultipartFiles = Record<string, Blob | readonly Blob[] | null | undefined>

/**
 * Text fields as the admin endpoints expect them on the wire (spec §7): booleans as '1' or '0',
 * lists and objects as JSON strings, numbers as decimal text. Absent values are left out.
 */
export function encodeMultipartFields(values: Record<string, unknown>): Record<string, string> {
  const encoded: Record<string, string> = {}
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue
    if (typeof value === 'boolean') encoded[name] = encodeMultipartBoolean(value)
    else if (typeof value === 'string') encoded[name] = value
    else if (typeof value === 'number') encoded[name] = String(value)
    else encoded[name] = JSON.stringify(value)
  }
  return encoded
}

const listOf = (value: Blob | readonly Blob[] | null | undefined): readonly Blob[] =>
  value == null ? [] : value instanceof Blob ? [value] : value

/**
 * What is wrong with the files of an upload, checked before sending: only the field names the
 * endpoint takes, image types the server accepts (never SVG), at most {@link MAX_UPLOAD_BYTES} each.
 */
export function uploadFileIssues(files: MultipartFiles, allowedNames: readonly string[]): FieldIssue[] {
  const issues: FieldIssue[] = []
  for (const [name, value] of Object.entries(files)) {
    const list = listOf(value)
    if (list.length > 0 && !allowedNames.includes(name)) {
      issues.push({ path: name, message: `Unknown file field; expected one of ${allowedNames.join(', ')}` })
      continue
    }
    list.forEach((file, index) => {
      const path = Array.isArray(value) ? `${name}.${index}` : name
      if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) {
        issues.push({ path, message: `Unsupported image type '${file.type}'; use ${UPLOAD_IMAGE_TYPES.join(', ')}` })
      }
      if (file.size > MAX_UPLOAD_BYTES) {
        issues.push({ path, message: `File larger than ${MAX_UPLOAD_BYTES} bytes` })
      }
    })
  }
  return issues
}

/** Builds the multipart body: encoded text fields first, then every file under its field name. */
export function buildMultipartForm(fields: Record<string, string>, files: MultipartFiles): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const [name, value] of Object.entries(files)) {
    listOf(value).forEach((file, index) => {
      const fileName = typeof File !== 'undefined' && file instanceof File ? file.name : `${name}-${index + 1}`
      form.append(name, file, fileName)
    })
  }
  return form
}
