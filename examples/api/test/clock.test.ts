import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { clockOf, systemClock } from '../src/clock'

const folder = mkdtempSync(join(tmpdir(), 'api-clock-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe("the server's clock", () => {
  it('is the system clock unless a test offset file is named', () => {
    expect(clockOf({})).toBe(systemClock)
  })

  it('moves by the offset written in the test file, read on every use', () => {
    const file = join(folder, 'offset')
    const clock = clockOf({ TEST_CLOCK_OFFSET_FILE: file })
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1_000) // no file yet
    writeFileSync(file, String(7 * 24 * 3_600_000))
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3_600_000 - 1_000)
  })

  it('refuses a test offset file in production', () => {
    expect(() => clockOf({ TEST_CLOCK_OFFSET_FILE: join(folder, 'offset'), NODE_ENV: 'production' })).toThrow(/refused in production/)
  })
})
