import { describe, expect, it } from 'vitest'
import { canChangePassword } from '@comics/core/rules'

describe('canChangePassword (spec §2 INFO, §6)', () => {
  it('offers it only when the first sign-in provider is password', () => {
    expect(canChangePassword({ providerData: [{ providerId: 'password' }] })).toBe(true)
    expect(canChangePassword({ providerData: [{ providerId: 'google.com' }, { providerId: 'password' }] })).toBe(false)
    expect(canChangePassword({ providerData: [] })).toBe(false)
    expect(canChangePassword(null)).toBe(false)
  })
})
