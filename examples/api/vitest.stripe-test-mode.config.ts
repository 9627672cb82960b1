import { defineProject } from 'vitest/config'
import { workspaceAliases } from '../../vitest.shared'

/**
 * `pnpm --filter api payments:check`: the Stripe adapter against Stripe's test mode itself (STRIPE_SECRET_KEY
 * must be an sk_test_ key). Needs the network; not part of CI. See docs/payments.md.
 */
export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'stripe-test-mode',
    environment: 'node',
    root: import.meta.dirname,
    include: ['test/stripe-test-mode.check.ts'],
    testTimeout: 60_000,
  },
})
