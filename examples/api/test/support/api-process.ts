import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { freePort } from './free-port'

const packageRoot = fileURLToPath(new URL('../..', import.meta.url))

export interface ApiProcess {
  child: ChildProcess
  pid: number
  port: number
  url: string
  /** Every line the process wrote to stdout so far (its JSON log lines). */
  stdout: string[]
  stderr: string[]
  /** The log lines parsed (lines that are not JSON are left out). */
  logs(): Record<string, unknown>[]
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>
  /** Resolves once a log line satisfies `test`; rejects if the process exits first or after `timeoutMs`. */
  waitForLog(test: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>
  /** Sends SIGKILL to this process (by its id) if it is still running, and waits for its end. */
  kill(): Promise<void>
}

/**
 * The real server process (src/main.ts under Node with tsx), on a free loopback port, with `env` added to
 * the environment (a variable given as undefined is removed from it): HOST and PORT are set.
 */
export async function startApiProcess(env: Record<string, string | undefined>): Promise<ApiProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: packageRoot,
    env: environment({ HOST: '127.0.0.1', PORT: String(port), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const stdout: string[] = []
  const stderr: string[] = []
  const listeners = new Set<() => void>()
  const collect = (into: string[]) => {
    let rest = ''
    return (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n')
      rest = lines.pop() ?? ''
      into.push(...lines.filter(Boolean))
      for (const listener of listeners) listener()
    }
  }
  child.stdout!.on('data', collect(stdout))
  child.stderr!.on('data', collect(stderr))
  let ended = false
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = true
      for (const listener of listeners) listener()
      resolve(code ?? signal ?? 'unknown')
    }),
  )
  const logs = () =>
    stdout.flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>]
      } catch {
        return []
      }
    })
  const waitForLog = (test: (line: Record<string, unknown>) => boolean, timeoutMs = 60_000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => {
        const found = logs().find(test)
        if (found) return done(() => resolve(found))
        if (ended) return done(() => reject(new Error(`The API exited before the awaited log line; stderr:\n${stderr.join('\n')}`)))
      }
      const timer = setTimeout(() => done(() => reject(new Error(`No such log line within ${timeoutMs} ms; stdout:\n${stdout.join('\n')}`))), timeoutMs)
      const done = (settle: () => void) => {
        clearTimeout(timer)
        listeners.delete(check)
        settle()
      }
      listeners.add(check)
      check()
    })
  return {
    child,
    pid: child.pid!,
    port,
    url: `http://127.0.0.1:${port}`,
    stdout,
    stderr,
    logs,
    exited,
    waitForLog,
    async kill() {
      if (!ended) process.kill(child.pid!, 'SIGKILL')
      await exited
    },
  }
}

function environment(changes: Record<string, string | undefined>): Record<string, string> {
  const merged: Record<string, string | undefined> = { ...process.env, ...changes }
  return Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined))
}
