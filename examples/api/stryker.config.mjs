// Mutation testing of the API's money and access paths (`pnpm mutation:money`, from the workspace root):
// granting an order, coins, the assets list, subscriptions, the webhook, renewals. Each mutant is run
// against the tests that cover it, on a PostgreSQL cluster with the Auth emulator (the suite's global setup,
// once per runner), the files of one mutant's run sharing one server (vitest.mutation.config.ts). Too long
// for CI, which does not run it. Figures in docs/reliability.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'pnpm',
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: [
    'src/payments/grant-order.ts',
    'src/payments/grant-higher-paid-orders.ts',
    'src/payments/confirm-checkout.ts',
    'src/payments/checkout-payment.ts',
    'src/payments/apply-provider-event.ts',
    'src/payments/renew-subscriptions.ts',
    'src/payments/cancel-subscription.ts',
    'src/payments/active-level-of-user.ts',
    'src/coins/unlock-episode.ts',
    'src/coins/buy-coin-pack.ts',
    'src/coins/credit-coins.ts',
    'src/catalogue/list-assets.ts',
  ],
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'html', 'progress-append-only'],
  htmlReporter: { fileName: '../../reports/mutation/api-money.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
  thresholds: { high: 90, low: 80, break: null },
  incremental: true,
  incrementalFile: '../../reports/mutation/api-money.incremental.json',
  // One runner: each holds a database in memory, and the suite's files run one at a time.
  concurrency: 1,
  timeoutMS: 60_000,
  // In place: a sandbox copy of a pnpm workspace package would lose the workspace's node_modules layout.
  inPlace: true,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
}
