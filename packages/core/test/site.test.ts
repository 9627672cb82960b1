import { describe, expect, it } from 'vitest'
import { coinShopPath, comicPath, otherMainSiteUrl, paymentPath, readerPath, resolveHost, routes, searchPath } from '@comics/core'

const config = { adultHost: 'adult.example.com', mirrorHosts: ['example.com', 'mirror.example.net'] }
const devConfig = { adultHost: 'adult.localhost:5173', mirrorHosts: ['localhost:5173'] }

describe('host policy (spec §2)', () => {
  it('serves adult mode on the adult host', () => {
    expect(resolveHost('https://adult.example.com/comic/7', config)).toEqual({ mode: 'adult' })
    expect(resolveHost('https://ADULT.example.com/', config)).toEqual({ mode: 'adult' })
  })

  it('serves normal mode on every configured mirror host', () => {
    expect(resolveHost('https://example.com/categories', config)).toEqual({ mode: 'normal' })
    expect(resolveHost('https://mirror.example.net/', config)).toEqual({ mode: 'normal' })
  })

  it('redirects any other host to the same path and query on the adult host', () => {
    expect(resolveHost('https://www.example.com/comic/7/12?from=mail&x=1', config)).toEqual({
      redirectTo: 'https://adult.example.com/comic/7/12?from=mail&x=1',
    })
    expect(resolveHost('http://evil.test/', config)).toEqual({ redirectTo: 'http://adult.example.com/' })
    expect(resolveHost('https://other.example.org/premium#plans', config)).toEqual({
      redirectTo: 'https://adult.example.com/premium#plans',
    })
  })

  it('matches hosts with ports exactly when the configuration names a port', () => {
    expect(resolveHost('http://adult.localhost:5173/comic/7', devConfig)).toEqual({ mode: 'adult' })
    expect(resolveHost('http://localhost:5173/', devConfig)).toEqual({ mode: 'normal' })
    expect(resolveHost('http://localhost:4173/comic/7?x=1', devConfig)).toEqual({
      redirectTo: 'http://adult.localhost:5173/comic/7?x=1',
    })
    expect(resolveHost('http://127.0.0.1:5173/account', devConfig)).toEqual({
      redirectTo: 'http://adult.localhost:5173/account',
    })
  })

  it('matches a host configured without a port on any port', () => {
    expect(resolveHost('https://adult.example.com:8443/', config)).toEqual({ mode: 'adult' })
  })

  it('keeps the port of the request when the adult host is configured without one', () => {
    expect(resolveHost('http://www.example.com:8080/comic/7?x=1', config)).toEqual({ redirectTo: 'http://adult.example.com:8080/comic/7?x=1' })
    expect(otherMainSiteUrl('http://adult.example.com:8080/comic/7', config)).toBe('http://example.com:8080/')
  })

  it('sends the age gate No from the adult host to the other main site', () => {
    expect(otherMainSiteUrl('https://adult.example.com/comic/7', config)).toBe('https://example.com/')
    expect(otherMainSiteUrl('https://adult.example.com/', { adultHost: 'adult.example.com', mirrorHosts: [] })).toBe(
      'https://adult.example.com/',
    )
  })
})

describe('route paths (spec §2)', () => {
  it('names the fixed routes', () => {
    expect(routes).toEqual({
      home: '/',
      categories: '/categories',
      premium: '/premium',
      account: '/account',
      privacyPolicy: '/privacy-policy',
      termsOfUse: '/terms-of-use',
      paymentAndRefund: '/payment-and-refund',
      admin: '/admin',
      coins: '/coins',
      emailAction: '/auth/action',
      search: '/search',
    })
  })

  it('builds the shareable search address, the query encoded', () => {
    expect(searchPath('moon light & co')).toBe('/search?q=moon%20light%20%26%20co')
    expect(searchPath('')).toBe('/search')
    expect(searchPath()).toBe('/search')
  })

  it('builds the coin shop path with an in-app episode to return to, never another site', () => {
    expect(coinShopPath('/comic/7/12')).toBe('/coins?return=%2Fcomic%2F7%2F12')
    expect(coinShopPath('//evil.example/x')).toBe('/coins')
    expect(coinShopPath('https://evil.example/')).toBe('/coins')
    expect(coinShopPath()).toBe('/coins')
  })

  it('builds comic, reader and payment paths, uncensored forms included', () => {
    expect(comicPath('7')).toBe('/comic/7')
    expect(comicPath('7', { uncensored: true })).toBe('/comic/7/uncensored')
    expect(readerPath('7', '12')).toBe('/comic/7/12')
    expect(readerPath('7', '12', { uncensored: true })).toBe('/comic/7/12/uncensored')
    expect(paymentPath('12weeks')).toBe('/payment/12weeks')
  })

  it('escapes ids so that they stay one path segment', () => {
    expect(comicPath('a/b?c')).toBe('/comic/a%2Fb%3Fc')
  })
})
