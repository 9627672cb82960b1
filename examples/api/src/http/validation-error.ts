import type * as z from 'zod'
import { HttpError } from './http-error'

/**
 * Turns zod issues into the 400 answer: one message per field path ('filters.limit'), unknown keys named
 * as such, and a summary that names the first problem so a developer reading only `message` can fix it.
 */
export function validationError(issues: readonly z.core.$ZodIssue[], where: 'body' | 'params' | 'fields'): HttpError {
  // No prototype: a field named 'toString' or 'constructor' is a key like any other, not an inherited method.
  const fieldErrors: Record<string, string[]> = Object.create(null) as Record<string, string[]>
  const add = (path: string, message: string) => {
    const key = path || where
    ;(fieldErrors[key] ??= []).push(message)
  }
  for (const issue of issues) {
    const path = issue.path.map(String).join('.')
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(path ? `${path}.${key}` : key, 'Unknown field')
    } else {
      add(path, issue.message)
    }
  }
  const [firstField, firstMessages] = Object.entries(fieldErrors)[0] ?? [where, ['Invalid']]
  return new HttpError(400, 'invalid_request', `Invalid ${where}: ${firstField}: ${firstMessages?.[0]}`, fieldErrors)
}
