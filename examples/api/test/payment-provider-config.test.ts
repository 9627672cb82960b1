import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { loadConfig } from '../src/config'
import { startApiProcess } from './support/api-process'

const PRODUCTION = { NODE_ENV: 'production', FILES_SIGNING_SECRET: 'files_x' }
const STRIPE_KEYS = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }

describe('the payment provider by configuration', () => {
  it('is the sandbox on one machine, for both host modes, unless PAYMENT_PROVIDER names another', () => {
    expect(loadConfig({}).paymentProviders).toEqual({ adult: 'sandbox', normal: 'sandbox' })
    expect(loadConfig({ PAYMENT_PROVIDER: 'stripe', ...STRIPE_KEYS }).paymentProviders).toEqual({ adult: 'stripe', normal: 'stripe' })
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER must be one of sandbox, stripe/)
  })

  it('may differ per host mode (Stripe excludes adult content)', () => {
    const config = loadConfig({ ...PRODUCTION, ...STRIPE_KEYS, PAYMENT_PROVIDER_NORMAL: 'stripe', PAYMENT_PROVIDER_ADULT: 'stripe' })
    expect(config.paymentProviders).toEqual({ adult: 'stripe', normal: 'stripe' })
    expect(loadConfig({ PAYMENT_PROVIDER_NORMAL: 'stripe', ...STRIPE_KEYS }).paymentProviders).toEqual({ adult: 'sandbox', normal: 'stripe' })
  })

  it('in production refuses the sandbox or no provider, for either host mode, naming PAYMENT_PROVIDER', () => {
    expect(() => loadConfig(PRODUCTION)).toThrow(/PAYMENT_PROVIDER must name a real payment provider in production/)
    expect(() => loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox' })).toThrow(/PAYMENT_PROVIDER/)
    expect(() => loadConfig({ ...PRODUCTION, ...STRIPE_KEYS, PAYMENT_PROVIDER_NORMAL: 'stripe' })).toThrow(/PAYMENT_PROVIDER.*adult host/)
    expect(() => loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/test-mode STRIPE_SECRET_KEY/)
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/)
  })

  it('a production server with the sandbox as its provider exits non-zero, saying PAYMENT_PROVIDER', async () => {
    const api = await startApiProcess({ ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox', DATABASE_URL: undefined, SEED_ON_FIRST_START: '0' })
    try {
      expect(await api.exited).toBe(1)
      expect(api.stderr.join('\n')).toMatch(/PAYMENT_PROVIDER must name a real payment provider in production/)
    } finally {
      await api.kill()
    }
  })

  it('an API run with PAYMENT_PROVIDER=stripe has none of the sandbox routes: its hosted page and its webhook are 404', async () => {
    const api = await startApiProcess({
      PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x',
      DATABASE_URL: undefined, DATA_DIR: await mkdtemp(join(tmpdir(), 'api-stripe-only-')), SEED_ON_FIRST_START: '0', LOG_LEVEL: 'info',
      FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
      MIGRATE_ON_START: undefined, NODE_ENV: undefined,
    })
    try {
      await api.waitForLog((line) => line.msg === 'api ready', 90_000)
      const checkoutId = 'a'.repeat(24)
      const post = (path: string, body: string, type: string) =>
        fetch(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': type }, body })
      const answers = [
        await fetch(`${api.url}/api/v1/checkout/${checkoutId}`),
        await post(`/api/v1/checkout/${checkoutId}/pay`, 'card=4242424242424242', 'application/x-www-form-urlencoded'),
        await post(`/api/v1/checkout/${checkoutId}/cancel`, '', 'application/x-www-form-urlencoded'),
        await post('/api/v1/payments/webhook', '{"id":"evt_1"}', 'application/json'),
      ]
      // The API's own not-found answer (JSON), not the sandbox page's "Checkout not found" nor its 400 for a bad signature.
      for (const answer of answers) {
        expect([answer.url, answer.status, answer.headers.get('content-type')]).toEqual([answer.url, 404, expect.stringContaining('application/json')])
      }
      // Stripe's webhook is there, and refuses an unsigned event.
      expect((await post('/api/v1/payments/stripe/webhook', '{"id":"evt_1"}', 'application/json')).status).toBe(400)
    } finally {
      await api.kill()
    }
  }, 120_000)
})
