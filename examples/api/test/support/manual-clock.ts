import type { Clock } from '../../src/clock'

/** A clock that moves only when the test says so. */
export class ManualClock implements Clock {
  constructor(private time: Date) {}
  now(): Date {
    return new Date(this.time)
  }
  set(time: Date | string): void {
    this.time = new Date(time)
  }
  advance(ms: number): void {
    this.time = new Date(this.time.getTime() + ms)
  }
}

export const HOUR = 3_600_000
export const DAY = 24 * HOUR
export const WEEK = 7 * DAY
