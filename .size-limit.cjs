// Size budgets (gzip, bundled with esbuild as an app would). spec-independent engineering budgets from
// the issues: rules alone ≤ 2 kB (no zod, no axios), the API client with its dependencies ≤ 35 kB.
// The budgets import from the package's main entry on purpose: tree shaking, not a special entry, must
// keep them small.
const core = 'packages/core/dist/index.js'

module.exports = [
  { name: '@comics/core: rules only (PLANS, isEpisodeLocked)', path: core, import: '{ PLANS, isEpisodeLocked }', limit: '2 kB' },
  { name: '@comics/core: stores (session, progress, consent, age gate)', path: core, import: '{ createSessionStore, createProgressStore, createConsentStore, createAgeGate, createBrowserStorage }', limit: '3 kB' },
  { name: '@comics/core: API client with axios and zod', path: core, import: '{ createComicsApi }', limit: '35 kB' },
  { name: '@comics/core: whole main entry (no Firebase)', path: core, import: '*', limit: '45 kB' },
]
