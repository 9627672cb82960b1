const WEEK_MS = 7 * 86_400_000

/** The end of a paid period of `weeks` weeks starting at `start`. */
export function periodEnd(start: Date, weeks: number): Date {
  return new Date(start.getTime() + weeks * WEEK_MS)
}
