// Mutation testing of core's rules (`pnpm mutation:rules` from the workspace root): every rule changed one way at a time, and
// core's unit tests must notice; below the break threshold the run fails. Figures in docs/reliability.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'pnpm',
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: ['src/rules/**/*.ts', '!src/rules/index.ts'],
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'html', 'progress-append-only'],
  htmlReporter: { fileName: '../../reports/mutation/core-rules.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
  thresholds: { high: 95, low: 90, break: 90 },
  incremental: true,
  incrementalFile: '../../reports/mutation/core-rules.incremental.json',
  concurrency: 2,
  timeoutMS: 20_000,
  // In place: a sandbox copy of a pnpm workspace package would lose the workspace's node_modules layout.
  inPlace: true,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
}
