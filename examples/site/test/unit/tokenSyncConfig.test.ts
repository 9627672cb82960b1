import { afterEach, describe, expect, it, vi } from 'vitest'
import { readSiteEnv } from '../../src/config/siteEnv'
import { contentSecurityPolicy } from '../../securityHeaders'

const connectSources = (policy: string) =>
  policy
    .split('; ')
    .find((directive) => directive.startsWith('connect-src '))
    ?.split(' ')
    .slice(1)

afterEach(() => vi.unstubAllEnvs())

describe('VITE_TOKEN_SYNC_URL', () => {
  it('is read into the site env, and absent by default', () => {
    expect(readSiteEnv({ port: '5173' }).tokenSyncUrl).toBeUndefined()
    vi.stubEnv('VITE_TOKEN_SYNC_URL', 'https://accounts.comics.example/session')
    expect(readSiteEnv({ port: '5173' }).tokenSyncUrl).toBe('https://accounts.comics.example/session')
  })

  it("adds its origin to the policy's connect-src when it is absolute, and nothing otherwise", () => {
    expect(connectSources(contentSecurityPolicy({ VITE_TOKEN_SYNC_URL: 'https://accounts.comics.example/session' }))).toContain(
      'https://accounts.comics.example',
    )
    expect(connectSources(contentSecurityPolicy({ VITE_TOKEN_SYNC_URL: '/session' }))).toEqual(connectSources(contentSecurityPolicy({})))
  })
})
