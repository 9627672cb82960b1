/**
 * An error and the errors inside it, outermost first: those of an AggregateError (`errors`, as Node's
 * failed connect), then its `cause` (drizzle wraps the database's error in one), to a depth of 8.
 */
export function* errorsWithin(error: unknown, depth = 0): Generator<{ code?: unknown; message?: unknown }> {
  if (!error || typeof error !== 'object' || depth > 8) return
  yield error
  const { cause, errors } = error as { cause?: unknown; errors?: unknown }
  if (Array.isArray(errors)) for (const inner of errors) yield* errorsWithin(inner, depth + 1)
  yield* errorsWithin(cause, depth + 1)
}
