import { defineProject, mergeConfig } from 'vitest/config'
import api from './vitest.config'

// The tests that cover the money and access paths, for mutation testing (stryker.config.mjs).
export default mergeConfig(
  api,
  defineProject({
    test: {
      include: [
        'test/payments.test.ts',
        'test/payment-races.test.ts',
        'test/subscription-expiry.test.ts',
        'test/coins.test.ts',
        'test/catalogue.test.ts',
        'test/authorization-matrix.test.ts',
      ],
    },
  }),
)
