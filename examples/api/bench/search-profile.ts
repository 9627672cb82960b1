import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { searchComics } from '../src/catalogue/search-comics'
import { openDatabase } from '../src/db/open-database'
import { rowsOf } from '../src/db/rows-of'
import { FileStore } from '../src/files/file-store'
import { startPostgres } from '../test/support/postgres-cluster'
import { ensureSearchCatalogue, searchBenchQueries } from './search-catalogue'

// pnpm --filter api bench:search [--only pglite|postgres] [--rounds 5] [--explain] [--q "typed words"]
// The service time of a search, one at a time, in this process (no HTTP, nothing beside it): the API
// bench's queries on its 10,000-comic catalogue, in an in-memory PGlite and in a throwaway PostgreSQL 15.
// It prints the mean wall time of a search over the rounds (the first round warms up and is left out), this
// process's CPU time per search (on PGlite, the database's too; on PostgreSQL only the client's), and the
// slowest queries. With --explain, first the plans of every statement a search sends (EXPLAIN ANALYZE,
// BUFFERS) for three of the queries, or for --q.
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    explain: { type: 'boolean', default: false },
    q: { type: 'string' },
  },
})
const rounds = Math.max(2, Number(values.rounds))
const fileStore = FileStore.onDisk('/tmp/search-profile-files', '/api/v1/files')
const cpuMs = () => {
  const used = process.cpuUsage()
  return (used.user + used.system) / 1000
}
const mean = (list: number[]) => list.reduce((sum, each) => sum + each, 0) / list.length

async function profile(kind: 'pglite' | 'postgres') {
  const postgres = kind === 'postgres' ? await startPostgres() : undefined
  const database = await openDatabase(postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite' })
  try {
    await ensureSearchCatalogue(database.db)
    const queries = searchBenchQueries()
    if (values.explain) await explainStatements(kind, database.db, values.q ? [{ q: values.q, limit: 24, offset: 0 }] : [queries[0]!, queries[1]!, queries[4]!])
    const times = new Map<string, number[]>()
    let cpuSpent = 0
    for (let round = 0; round < rounds; round++) {
      const cpuAtStart = cpuMs()
      for (const query of queries) {
        const start = performance.now()
        await searchComics(database.db, fileStore, query, 'normal')
        if (round > 0) times.set(JSON.stringify(query), [...(times.get(JSON.stringify(query)) ?? []), performance.now() - start])
      }
      if (round > 0) cpuSpent += cpuMs() - cpuAtStart
    }
    const perQuery = [...times.entries()].map(([query, each]) => [query, mean(each)] as const).sort((a, b) => b[1] - a[1])
    console.log(
      `\n${kind}: a search takes ${mean(perQuery.map(([, ms]) => ms)).toFixed(2)} ms (this process's CPU ${(cpuSpent / queries.length / (rounds - 1)).toFixed(2)} ms), ${queries.length} queries × ${rounds - 1} rounds; the slowest:`,
    )
    for (const [query, ms] of perQuery.slice(0, 6)) console.log(`  ${ms.toFixed(2)} ms  ${query}`)
  } finally {
    await database.close()
    await postgres?.stop()
  }
}

/** Runs each search once, noting the statements it sends, then prints each statement's plan as it runs. */
async function explainStatements(kind: string, db: Parameters<typeof searchComics>[0], queries: { q: string; limit: number; offset: number }[]) {
  const statements: { sql: string; params: unknown[] }[] = []
  const session = (db as unknown as { session: { prepareQuery: (query: { sql: string; params: unknown[] }, ...rest: unknown[]) => unknown } }).session
  const prepare = session.prepareQuery.bind(session)
  for (const query of queries) {
    statements.length = 0
    session.prepareQuery = (statement, ...rest) => {
      statements.push(statement)
      return prepare(statement, ...rest)
    }
    try {
      await searchComics(db, fileStore, query, 'normal')
    } finally {
      session.prepareQuery = prepare
    }
    console.log(`\n### ${kind}: ${JSON.stringify(query)}`)
    for (const statement of statements) {
      const plan = rowsOf<Record<string, string>>(await db.execute(sql.raw(`explain (analyze, buffers) ${withParameters(statement.sql, statement.params)}`)))
      console.log(plan.map((row) => Object.values(row)[0]).join('\n'))
    }
  }
}

/** A statement with its parameters written in as literals (EXPLAIN takes none). */
function withParameters(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1]
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`
  })
}

for (const kind of values.only ? [values.only as 'pglite' | 'postgres'] : (['pglite', 'postgres'] as const)) await profile(kind)
