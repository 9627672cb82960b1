/** Where the server reads the time; tests pass one they move by hand. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }
