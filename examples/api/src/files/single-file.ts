import { HttpError } from '../http/http-error'
import type { UploadedImage } from './read-multipart'

/** At most one file in a field (cover, banner...). */
export function singleFile(files: Record<string, UploadedImage[]>, field: string): UploadedImage | undefined {
  const list = files[field] ?? []
  if (list.length > 1) throw new HttpError(400, 'invalid_request', `Send one file in '${field}'`, { [field]: ['One file at most'] })
  return list[0]
}
