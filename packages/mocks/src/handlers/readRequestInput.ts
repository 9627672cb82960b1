import { MAX_UPLOAD_BYTES, UPLOAD_IMAGE_TYPES, type EndpointDefinition, type Schema } from '@comics/core/contract'
import * as z from 'zod/mini'

/** What a request carried once validated by the contract, or the field errors that refuse it. */
export type RequestInput =
  | { ok: true; params: Record<string, string>; body: unknown; fields: unknown; files: Record<string, File[]> }
  | { ok: false; fieldErrors: Record<string, string[]> }

function collect(errors: Record<string, string[]>, schema: Schema, value: unknown): unknown {
  const result = z.safeParse(schema, value)
  if (result.success) return result.data
  for (const issue of result.error.issues) {
    ;(errors[issue.path.map(String).join('.')] ??= []).push(issue.message)
  }
  return undefined
}

/**
 * Reads and validates a request the way the server does: path parameters, then the JSON body or the
 * multipart form (text fields with the contract's field schema; files by name, image types only,
 * at most MAX_UPLOAD_BYTES each).
 */
export async function readRequestInput(
  endpoint: EndpointDefinition,
  request: Request,
  rawParams: Record<string, string | readonly string[] | undefined>,
): Promise<RequestInput> {
  const errors: Record<string, string[]> = {}
  const params = Object.fromEntries(
    Object.entries(rawParams).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
  )
  if (endpoint.params) collect(errors, endpoint.params, params)

  let body: unknown
  if (endpoint.body) {
    let json: unknown
    try {
      json = await request.json()
    } catch {
      return { ok: false, fieldErrors: { '': ['The body is not valid JSON'] } }
    }
    body = collect(errors, endpoint.body, json)
  }

  let fields: unknown
  const files: Record<string, File[]> = {}
  if (endpoint.multipart) {
    let form: FormData
    try {
      form = await request.formData()
    } catch {
      return { ok: false, fieldErrors: { '': ['The body is not a multipart form'] } }
    }
    const text: Record<string, string> = {}
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') {
        text[name] = value
        continue
      }
      if (!endpoint.multipart.files.includes(name)) {
        ;(errors[name] ??= []).push('Unexpected file field')
      } else if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(value.type)) {
        ;(errors[name] ??= []).push(`Unsupported image type '${value.type}'`)
      } else if (value.size > MAX_UPLOAD_BYTES) {
        ;(errors[name] ??= []).push('File too large')
      }
      ;(files[name] ??= []).push(value)
    }
    fields = collect(errors, endpoint.multipart.fields, text)
  }

  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors }
  return { ok: true, params, body, fields, files }
}
