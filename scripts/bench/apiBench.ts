import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { startProcessGroup } from '@comics/test-stack/processGroup'
import { benchPaths } from './paths'

export interface ApiCallFigures {
  call: string
  requestsPerSecond: number
  p99Ms: number
  /** Requests per second over the bare Fastify route's (1 = as fast). */
  vsBare: number | null
  non2xx: number
}

export interface ApiRun {
  database: string
  coldStartMs?: number
  calls: ApiCallFigures[]
}

/** The api bench's --json file. */
interface ApiBenchJson {
  databases: {
    database: string
    coldStartMs?: number
    calls: { name: string; requestsPerSecond: number; ratioToBare: number; p99: number; non2xx: number }[]
  }[]
}

/**
 * Parses the api bench's printed tables, for a version of it without --json: a `== <database> ==` line
 * opens each run, then a markdown table whose columns are found by their titles (call, req/s, p99 (ms),
 * vs bare as a ratio or a percentage, non-2xx).
 */
export function parseApiBenchOutput(output: string): ApiRun[] {
  const runs: ApiRun[] = []
  let current: ApiRun | undefined
  let columns: string[] | undefined
  for (const raw of output.split('\n')) {
    const line = raw.trim()
    const header = /^== (.+?) ==$/.exec(line)
    if (header) {
      current = { database: header[1]!, calls: [] }
      runs.push(current)
      columns = undefined
      continue
    }
    if (!current || !line.startsWith('|')) continue
    const cells = line.slice(1, -1).split('|').map((cell) => cell.trim())
    if (cells[0] === 'call') {
      columns = cells
      continue
    }
    if (!columns || cells.every((cell) => /^:?-+:?$/.test(cell))) continue
    const cell = (title: string) => cells[columns!.indexOf(title)] ?? ''
    const number = (text: string) => Number(text.replace(/[^0-9.]/g, ''))
    const vsBare = cell('vs bare')
    current.calls.push({
      call: cell('call'),
      requestsPerSecond: number(cell('req/s')),
      p99Ms: number(cell('p99 (ms)')),
      vsBare: /[0-9]/.test(vsBare) ? (vsBare.includes('%') ? number(vsBare) / 100 : number(vsBare)) : null,
      non2xx: number(cell('non-2xx')),
    })
  }
  return runs.filter((run) => run.calls.length > 0)
}

/** `pnpm --filter api bench` with the given arguments (the bench asks for a short PGlite-only run), read from its --json file. */
export async function runApiBench(args: string[]): Promise<{ runs: ApiRun[]; output: string }> {
  const log = join(benchPaths.cacheDir, 'api-bench.log')
  const json = join(benchPaths.cacheDir, 'api-bench.json')
  rmSync(log, { force: true })
  rmSync(json, { force: true })
  const group = startProcessGroup('pnpm', ['--filter', 'api', 'bench', ...args, '--json', json], {
    cwd: benchPaths.workspaceRoot,
    env: { ...process.env, BENCH_LOG_LEVEL: 'warn' },
    log,
  })
  const timeout = setTimeout(() => void group.stop(), 900_000)
  const code = await group.exit
  clearTimeout(timeout)
  const output = readFileSync(log, 'utf8')
  if (code !== 0) throw new Error(`The api bench failed (exit ${code}):\n${output.slice(-4000)}`)
  const runs = existsSync(json)
    ? (JSON.parse(readFileSync(json, 'utf8')) as ApiBenchJson).databases.map((database) => ({
        database: database.database,
        ...(database.coldStartMs === undefined ? {} : { coldStartMs: database.coldStartMs }),
        calls: database.calls.map((call) => ({
          call: call.name,
          requestsPerSecond: Math.round(call.requestsPerSecond),
          p99Ms: call.p99,
          vsBare: call.ratioToBare,
          non2xx: call.non2xx,
        })),
      }))
    : parseApiBenchOutput(output)
  if (runs.length === 0) throw new Error(`No figures in the api bench's output:\n${output.slice(-4000)}`)
  return { runs, output }
}
