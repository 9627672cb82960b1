import { readFileSync } from 'node:fs'

/** Where the server reads the time; tests pass one they move by hand. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/**
 * The server's clock: the system's, or, for the site's end-to-end tests only, the system's moved by the
 * number of milliseconds written in the file `TEST_CLOCK_OFFSET_FILE` (read on every use, so a test moves
 * the time of a running server by writing the file). Refused when NODE_ENV is production: a deployed
 * server never reads its time from a file.
 */
export function clockOf(env: NodeJS.ProcessEnv): Clock {
  const file = env.TEST_CLOCK_OFFSET_FILE
  if (!file) return systemClock
  if (env.NODE_ENV === 'production') throw new Error('TEST_CLOCK_OFFSET_FILE is for tests only and is refused in production')
  return {
    now() {
      let offset = 0
      try {
        offset = Number(readFileSync(file, 'utf8').trim()) || 0
      } catch {
        offset = 0 // no file yet: no offset
      }
      return new Date(Date.now() + offset)
    },
  }
}
