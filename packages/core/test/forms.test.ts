import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  FORM_MESSAGES,
  formatCardNumber,
  formatCvv,
  formatExpiry,
  isCardNumberComplete,
  isCardNumberValid,
  isCvvComplete,
  isExpiryComplete,
  isExpiryValid,
  validateChangePassword,
  validateNewPassword,
} from '@comics/core'

describe('card number mask (spec §5)', () => {
  it('groups 16 digits in fours', () => {
    expect(formatCardNumber('1234567890123456')).toBe('1234 5678 9012 3456')
  })

  it('formats partial input as it is typed, without a trailing space', () => {
    expect(formatCardNumber('')).toBe('')
    expect(formatCardNumber('1')).toBe('1')
    expect(formatCardNumber('1234')).toBe('1234')
    expect(formatCardNumber('12345')).toBe('1234 5')
    expect(formatCardNumber('123456789')).toBe('1234 5678 9')
  })

  it('drops everything but digits and stops at 16', () => {
    expect(formatCardNumber('1234-5678 abcd 9012.3456')).toBe('1234 5678 9012 3456')
    expect(formatCardNumber('12345678901234567890')).toBe('1234 5678 9012 3456')
  })

  it('is idempotent and keeps at most 16 digits for any input', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const once = formatCardNumber(input)
        expect(formatCardNumber(once)).toBe(once)
        expect(once).toMatch(/^(\d{4} ){0,3}\d{0,4}$/)
        expect(once.replace(/ /g, '')).toBe(input.replace(/\D/g, '').slice(0, 16))
      }),
    )
  })

  it('is complete with exactly 16 digits', () => {
    expect(isCardNumberComplete('1234 5678 9012 3456')).toBe(true)
    expect(isCardNumberComplete('1234567890123456')).toBe(true)
    expect(isCardNumberComplete('1234 5678 9012 345')).toBe(false)
    expect(isCardNumberComplete('1234 5678 9012 34567')).toBe(false)
    expect(isCardNumberComplete('1234 5678 9012 345x')).toBe(false)
  })

  it('is valid when complete and its check digit is right', () => {
    expect(isCardNumberValid('4242 4242 4242 4242')).toBe(true)
    expect(isCardNumberValid('5555 5555 5555 4444')).toBe(true)
    expect(isCardNumberValid('4242 4242 4242 4241')).toBe(false)
    expect(isCardNumberValid('4242 4242 4242')).toBe(false)
  })
})

describe('expiry mask MM/YY (spec §5)', () => {
  it('formats digits as MM/YY', () => {
    expect(formatExpiry('0927')).toBe('09/27')
    expect(formatExpiry('09/27')).toBe('09/27')
    expect(formatExpiry('092')).toBe('09/2')
    expect(formatExpiry('09')).toBe('09')
    expect(formatExpiry('0')).toBe('0')
    expect(formatExpiry('')).toBe('')
  })

  it('keeps digits only, at most four', () => {
    expect(formatExpiry('a0b9-2x7')).toBe('09/27')
    expect(formatExpiry('092799')).toBe('09/27')
  })

  it('is idempotent for any input', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const once = formatExpiry(input)
        expect(formatExpiry(once)).toBe(once)
        expect(once).toMatch(/^(\d{0,2}|\d{2}\/\d{1,2})$/)
      }),
    )
  })

  it('is complete as MM/YY with a month from 01 to 12', () => {
    expect(isExpiryComplete('01/27')).toBe(true)
    expect(isExpiryComplete('12/27')).toBe(true)
    expect(isExpiryComplete('00/27')).toBe(false)
    expect(isExpiryComplete('13/27')).toBe(false)
    expect(isExpiryComplete('1/27')).toBe(false)
    expect(isExpiryComplete('0927')).toBe(false)
    expect(isExpiryComplete('09/2')).toBe(false)
  })

  it('is valid through the last day of its month', () => {
    expect(isExpiryValid('09/27', new Date(2027, 8, 30))).toBe(true)
    expect(isExpiryValid('09/27', new Date(2027, 9, 1))).toBe(false)
    expect(isExpiryValid('01/28', new Date(2027, 11, 31))).toBe(true)
    expect(isExpiryValid('12/26', new Date(2027, 0, 1))).toBe(false)
    expect(isExpiryValid('13/30', new Date(2027, 0, 1))).toBe(false)
  })
})

describe('CVV mask (spec §5)', () => {
  it('keeps digits only, at most four', () => {
    expect(formatCvv('123')).toBe('123')
    expect(formatCvv('1a2 3')).toBe('123')
    expect(formatCvv('12345')).toBe('1234')
    expect(formatCvv('abc')).toBe('')
  })

  it('is complete with 3 or 4 digits', () => {
    expect(isCvvComplete('12')).toBe(false)
    expect(isCvvComplete('123')).toBe(true)
    expect(isCvvComplete('1234')).toBe(true)
    expect(isCvvComplete('12345')).toBe(false)
    expect(isCvvComplete('12a')).toBe(false)
  })
})

describe('change password validation (spec §5)', () => {
  it("refuses a confirmation that does not match with 'Passwords doesn't match'", () => {
    expect(validateChangePassword({ oldPassword: 'old', newPassword: 'new-one', confirmPassword: 'new-two' })).toEqual({
      ok: false,
      code: 'passwords-mismatch',
      message: "Passwords doesn't match",
    })
    expect(FORM_MESSAGES['passwords-mismatch']).toBe("Passwords doesn't match")
  })

  it('accepts a matching confirmation', () => {
    expect(validateChangePassword({ oldPassword: 'old', newPassword: 'same', confirmPassword: 'same' })).toEqual({
      ok: true,
    })
  })

  it('compares exactly: case and spaces count', () => {
    expect(validateChangePassword({ oldPassword: 'o', newPassword: 'Secret', confirmPassword: 'secret' }).ok).toBe(false)
    expect(validateChangePassword({ oldPassword: 'o', newPassword: 'secret ', confirmPassword: 'secret' }).ok).toBe(false)
  })

  it('takes the message from the caller when given, keeping the code', () => {
    expect(
      validateChangePassword(
        { oldPassword: 'o', newPassword: 'a', confirmPassword: 'b' },
        { 'passwords-mismatch': 'Les mots de passe ne correspondent pas' },
      ),
    ).toEqual({ ok: false, code: 'passwords-mismatch', message: 'Les mots de passe ne correspondent pas' })
  })
})

describe('new password validation (password reset: the same rule as change password)', () => {
  it('gives what change password gives for the same new password and confirmation', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (oldPassword, newPassword, confirmPassword) => {
        expect(validateNewPassword({ newPassword, confirmPassword })).toEqual(
          validateChangePassword({ oldPassword, newPassword, confirmPassword }),
        )
      }),
    )
    expect(validateNewPassword({ newPassword: 'a', confirmPassword: 'b' })).toMatchObject({ ok: false, code: 'passwords-mismatch' })
  })
})
