import { ApiError, isApiFailure, ValidationError } from '@comics/core'
import { formatMessage, type AdminMessages } from '../../messages'

/** The fields of a transcript entry, in a creator's words. */
const ENTRY_FIELDS = ['page', 'kind', 'speaker', 'text'] as const

/** A field's path (`entries.2.text`, `pages.0.alt`) in a creator's words ('Entry 3, text'). */
function fieldName(path: string, messages: AdminMessages): string {
  const entry = /^entries\.(\d+)\.(\w+)$/.exec(path)
  if (entry && (ENTRY_FIELDS as readonly string[]).includes(entry[2]!)) {
    const field = messages[`accessibility.transcript.${entry[2] as (typeof ENTRY_FIELDS)[number]}`]
    return `${formatMessage(messages['accessibility.transcript.entry'], { n: Number(entry[1]) + 1 })}, ${field.toLowerCase()}`
  }
  const page = /^pages\.(\d+)/.exec(path)
  if (page) return formatMessage(messages['accessibility.alt.label'], { position: Number(page[1]) + 1 })
  return path
}

/**
 * What a failed save says, by the client's typed failure: fields refused (before the request left, or by
 * the service) each named, a sign-in that ran out, an account that may not, no connection, or the
 * service's own refusal. The form keeps what was typed whatever the failure.
 */
export function saveErrorText(error: unknown, messages: AdminMessages): { title: string; details: string[] } {
  if (error instanceof ValidationError || (error instanceof ApiError && error.status === 400 && Object.keys(error.fieldErrors).length > 0)) {
    const fields = error instanceof ValidationError ? error.fieldErrors : error.fieldErrors
    return {
      title: messages['accessibility.error.invalid'],
      details: Object.entries(fields).map(([path, problems]) => `${fieldName(path, messages)}: ${problems.join(', ')}`),
    }
  }
  if (error instanceof ApiError && error.status === 401) return { title: messages['accessibility.error.signIn'], details: [] }
  if (error instanceof ApiError && error.status === 403) return { title: messages['accessibility.error.forbidden'], details: [] }
  if (isApiFailure(error) && (error.code === 'network' || error.code === 'timeout')) return { title: messages['accessibility.error.network'], details: [] }
  if (error instanceof ApiError) return { title: formatMessage(messages['accessibility.error.server'], { status: error.status }), details: [] }
  return { title: messages['accessibility.error.unknown'], details: [] }
}
