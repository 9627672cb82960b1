import { describe, expect, it } from 'vitest'
import { AuthError, SOCIAL_PROVIDERS, createMemoryStorage, createSessionStore, isSocialProvider, socialProviderOf } from '@comics/core'
import { createFirebaseAuth } from '@comics/core/firebase'

describe('social providers (spec §9)', () => {
  it('are google, apple, facebook and twitter', () => {
    expect([...SOCIAL_PROVIDERS]).toEqual(['google', 'apple', 'facebook', 'twitter'])
    for (const provider of SOCIAL_PROVIDERS) expect(isSocialProvider(provider)).toBe(true)
  })

  it.each(['github', 'microsoft', 'Google', '', undefined])('rejects %s', (provider) => {
    expect(isSocialProvider(provider)).toBe(false)
  })

  it.each(['github', 'yahoo.com', ''])("signInWithProvider('%s') throws 'Unsupported provider' and leaves the session alone", async (provider) => {
    const session = createSessionStore(createMemoryStorage())
    const auth = createFirebaseAuth({ firebase: { apiKey: 'demo-api-key', projectId: 'demo-comics' }, session, appName: `providers-${provider}` })
    const failure = auth.signInWithProvider(provider as never)
    await expect(failure).rejects.toBeInstanceOf(AuthError)
    await expect(failure).rejects.toMatchObject({ message: 'Unsupported provider', code: 'auth/unsupported-provider' })
    expect(session.getSnapshot()).toMatchObject({ user: null, token: null, signedIn: false })
    await auth.dispose()
  })
})

describe('socialProviderOf (re-authenticating a social account)', () => {
  it("names the kit's provider of an account's provider id", () => {
    expect(socialProviderOf('google.com')).toBe('google')
    expect(socialProviderOf('apple.com')).toBe('apple')
    expect(socialProviderOf('facebook.com')).toBe('facebook')
    expect(socialProviderOf('twitter.com')).toBe('twitter')
  })
  it('is null for a password, phone or unknown provider', () => {
    expect(socialProviderOf('password')).toBeNull()
    expect(socialProviderOf('phone')).toBeNull()
    expect(socialProviderOf('github.com')).toBeNull()
  })
})
