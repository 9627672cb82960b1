import { describe, expect, it } from 'vitest'
import { ApiError, ContractError, NetworkError, ValidationError } from '@comics/core'
import { createDefaultQueryClient, shouldRetryQuery } from '../src/provider'

describe('the default query retry policy', () => {
  it.each([401, 403, 404, 409, 422])('does not retry an HTTP %i', (status) => {
    expect(shouldRetryQuery(0, new ApiError({ endpoint: 'listAssets', status }))).toBe(false)
  })

  it('retries a 5xx and network failures, up to three times', () => {
    const serverError = new ApiError({ endpoint: 'listComics', status: 503 })
    const offline = new NetworkError('network', 'listComics')
    const slow = new NetworkError('timeout', 'listComics')
    for (const error of [serverError, offline, slow]) {
      expect(shouldRetryQuery(0, error)).toBe(true)
      expect(shouldRetryQuery(2, error)).toBe(true)
      expect(shouldRetryQuery(3, error)).toBe(false)
    }
  })

  it('does not retry a cancelled call, a contract break or invalid input', () => {
    expect(shouldRetryQuery(0, new NetworkError('aborted', 'listComics'))).toBe(false)
    expect(shouldRetryQuery(0, new ContractError('listComics', [{ path: 'data.0.id', message: 'bad' }]))).toBe(false)
    expect(shouldRetryQuery(0, new ValidationError('listComics', [{ path: 'limit', message: 'bad' }]))).toBe(false)
  })

  it('is what the provider’s own QueryClient uses', () => {
    expect(createDefaultQueryClient().getDefaultOptions().queries?.retry).toBe(shouldRetryQuery)
  })
})

describe('offline', () => {
  it('runs queries without network and does not retry a call that got no answer', () => {
    expect(createDefaultQueryClient().getDefaultOptions().queries?.networkMode).toBe('always')
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    try {
      expect(shouldRetryQuery(0, new NetworkError('network', 'listAssets'))).toBe(false)
      expect(shouldRetryQuery(0, new ApiError({ endpoint: 'listComics', status: 503 }))).toBe(true)
    } finally {
      delete (navigator as { onLine?: boolean }).onLine
      Object.defineProperty(Navigator.prototype, 'onLine', onLine)
    }
    expect(shouldRetryQuery(0, new NetworkError('network', 'listAssets'))).toBe(true)
  })
})
