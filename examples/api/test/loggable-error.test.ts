import { DrizzleQueryError } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { loggableError } from '../src/http/loggable-error'

describe('loggableError', () => {
  it("logs a failed query's text and the database's error, never its parameters", () => {
    const cause = Object.assign(new Error('deadlock detected'), { code: '40P01' })
    const error = new DrizzleQueryError('update "checkouts" set "paid_at" = $1 where "id" = $2', ['2026-11-22', 'chk_secret_credential'], cause)
    expect(error.message).toContain('chk_secret_credential')

    const logged = loggableError(error)
    const line = JSON.stringify(logged)
    expect(line).not.toContain('chk_secret_credential')
    expect(line).not.toContain('2026-11-22')
    expect(logged).toMatchObject({
      err: { type: 'DrizzleQueryError', message: 'deadlock detected', code: '40P01' },
      query: 'update "checkouts" set "paid_at" = $1 where "id" = $2',
      params: '[2 redacted]',
    })
  })

  it('logs any other error as it is', () => {
    const error = new TypeError('x is undefined')
    expect(loggableError(error)).toEqual({ err: error })
  })
})
