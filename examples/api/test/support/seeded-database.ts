declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded database every test file starts from (see database-global-setup.ts). */
    seededDatabase: SeededDatabase
  }
}

export type SeededDatabase =
  | { kind: 'pglite'; snapshotPath: string; filesDir: string }
  | { kind: 'postgres'; serverUrl: string; templateDatabase: string; filesDir: string }

/** Size of the catalogue the tests run against. */
export const TEST_CATALOGUE = { episodes: 60, poolSize: 3 }
