import { describe, expect, it } from 'vitest'
import { ACTION_LINK_MODES, AuthError, isEmailSignInLink, parseActionLink, passwordResetCodeOf } from '@comics/core'

const link = (params: Record<string, string>) => `https://comics.example/__/auth/action?${new URLSearchParams(params)}`

const rejection = (url: string) => {
  try {
    parseActionLink(url)
  } catch (error) {
    return error
  }
  throw new Error(`accepted ${url}`)
}

describe('parseActionLink (spec §5)', () => {
  it.each(ACTION_LINK_MODES)('accepts a %s link with an api key and a one-time code', (mode) => {
    const parsed = parseActionLink(link({ mode, oobCode: 'code-1', apiKey: 'key-1', continueUrl: 'https://comics.example/account', lang: 'en' }))
    expect(parsed).toEqual({ mode, oobCode: 'code-1', apiKey: 'key-1', continueUrl: 'https://comics.example/account', lang: 'en', tenantId: null })
  })

  it('knows exactly the six modes of an email action', () => {
    expect([...ACTION_LINK_MODES].sort()).toEqual(
      ['recoverEmail', 'resetPassword', 'revertSecondFactorAddition', 'signIn', 'verifyAndChangeEmail', 'verifyEmail'],
    )
  })

  it.each([
    ['no api key', link({ mode: 'signIn', oobCode: 'code-1' })],
    ['an empty api key', link({ mode: 'signIn', oobCode: 'code-1', apiKey: '' })],
    ['no one-time code', link({ mode: 'signIn', apiKey: 'key-1' })],
    ['an empty one-time code', link({ mode: 'signIn', oobCode: '', apiKey: 'key-1' })],
    ['no mode', link({ oobCode: 'code-1', apiKey: 'key-1' })],
    ['an unknown mode', link({ mode: 'deleteAccount', oobCode: 'code-1', apiKey: 'key-1' })],
    ['a mode of the wrong case', link({ mode: 'signin', oobCode: 'code-1', apiKey: 'key-1' })],
    ['not a URL', 'mode=signIn&oobCode=code-1&apiKey=key-1'],
  ])('rejects a link with %s as an argument error', (_case, url) => {
    const error = rejection(url)
    expect(error).toBeInstanceOf(AuthError)
    expect((error as AuthError).code).toBe('auth/argument-error')
    expect((error as AuthError).messageKey).toBe('auth.invalidRequest')
  })
})

describe('isEmailSignInLink', () => {
  const signInLink = link({ mode: 'signIn', oobCode: 'code-1', apiKey: 'key-1' })

  it('is true for a sign-in link, also when wrapped in a link parameter', () => {
    expect(isEmailSignInLink(signInLink)).toBe(true)
    expect(isEmailSignInLink(`https://comics.example/finish?link=${encodeURIComponent(signInLink)}`)).toBe(true)
  })

  it('is false for other modes, broken links and plain pages', () => {
    expect(isEmailSignInLink(link({ mode: 'resetPassword', oobCode: 'code-1', apiKey: 'key-1' }))).toBe(false)
    expect(isEmailSignInLink(link({ mode: 'signIn', apiKey: 'key-1' }))).toBe(false)
    expect(isEmailSignInLink('https://comics.example/account')).toBe(false)
    expect(isEmailSignInLink('not a url')).toBe(false)
  })
})

describe('passwordResetCodeOf', () => {
  it('gives the code of a password-reset link and null for anything else', () => {
    expect(passwordResetCodeOf(link({ mode: 'resetPassword', oobCode: 'reset-1', apiKey: 'key' }))).toBe('reset-1')
    expect(passwordResetCodeOf(link({ mode: 'signIn', oobCode: 'sign-in-1', apiKey: 'key' }))).toBeNull()
    expect(passwordResetCodeOf(link({ mode: 'resetPassword', apiKey: 'key' }))).toBeNull()
    expect(passwordResetCodeOf('https://comics.example/auth/action')).toBeNull()
    expect(passwordResetCodeOf('not a url')).toBeNull()
  })
})
