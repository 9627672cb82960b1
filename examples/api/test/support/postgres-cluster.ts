import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from './free-port'

const run = promisify(execFile)
const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin'

export interface RunningPostgres {
  /** Connection string of the `postgres` database (superuser, trust auth on loopback). */
  url: string
  urlOf(database: string): string
  /** Stops the server (fast shutdown: open connections are cut) and keeps its data, to start it again. */
  shutDown(): Promise<void>
  /** Starts the shut-down server again on the same port. */
  startAgain(): Promise<void>
  stop(): Promise<void>
}

/**
 * Starts a throwaway PostgreSQL 15 cluster from Debian's binaries (initdb + pg_ctl) on a free loopback
 * port in a temporary folder. initdb refuses to run as root, so as root the cluster belongs to the
 * `postgres` OS user. `stop()` stops this cluster with its own pg_ctl and removes the folder.
 */
export async function startPostgres(): Promise<RunningPostgres> {
  const asRoot = process.getuid?.() === 0
  const folder = mkdtempSync(join(tmpdir(), 'api-postgres-'))
  const dataDir = join(folder, 'data')
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: gid } = await run('id', ['-g', 'postgres'])
    chownSync(folder, Number(stdout.trim()), Number(gid.trim()))
  }
  const as = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(BIN, command), ...args]) : run(join(BIN, command), args)

  const port = await freePort()
  await as('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'])
  const start = () =>
    as('pg_ctl', [
      '-D', dataDir, '-l', join(folder, 'log'), '-w', '-t', '30',
      '-o', `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      'start',
    ])
  const shutDown = async () => {
    await as('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'])
  }
  await start()
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`
  let stopped: Promise<void> | undefined
  return {
    url: urlOf('postgres'),
    urlOf,
    shutDown,
    startAgain: async () => {
      await start()
    },
    stop: () =>
      (stopped ??= (async () => {
        await shutDown().catch(() => undefined)
        rmSync(folder, { recursive: true, force: true })
      })()),
  }
}

/**
 * A database of its own on the shared test server (`serverUrl`, the `postgres` database's address), empty
 * or a copy of `template`, named `${prefix}_` and random letters; `drop` removes it, cutting what is still
 * connected.
 * @example const { url, drop } = await throwawayDatabase(seeded.serverUrl, 'jobs')
 */
export async function throwawayDatabase(serverUrl: string, prefix: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`)
  return { url: serverUrl.replace(/\/postgres$/, `/${name}`), drop: async () => void (await onServer(serverUrl, `drop database if exists ${name} with (force)`)) }
}

/** Runs one statement on the server at `serverUrl` over a connection of its own: its rows. */
async function onServer<Row extends object = object>(serverUrl: string, sql: string, values?: unknown[]): Promise<Row[]> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return (await client.query<Row>(sql, values)).rows
  } finally {
    await client.end()
  }
}

/** Drops every database `throwawayDatabase` made with this prefix on the server at `serverUrl`, cutting what is connected. */
export async function dropDatabasesNamed(serverUrl: string, prefix: string): Promise<void> {
  const rows = await onServer<{ datname: string }>(serverUrl, 'select datname from pg_database where datname like $1', [`${prefix}\\_%`])
  for (const { datname } of rows) await onServer(serverUrl, `drop database if exists ${datname} with (force)`)
}
