import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'

export interface ProcessGroup {
  pid: number
  /** The last lines of its output, for error messages. */
  output(): string
  exited(): boolean
  /** Settles with the exit code (null when a signal ended it). */
  exit: Promise<number | null>
  /** SIGINT to the group, SIGKILL to what is left after a grace period. */
  stop(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A command in a process group of its own (pnpm, tsx and node under it), its output in a log file.
 * Stopping signals the group by the child's id, so nothing else on the machine is touched.
 */
export function startProcessGroup(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; log: string }): ProcessGroup {
  const logFd = openSync(options.log, 'a')
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', logFd, logFd],
  })
  closeSync(logFd)
  if (child.pid === undefined) throw new Error(`${command} could not be started`)
  const pid = child.pid
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const exited = () => child.exitCode !== null || child.signalCode !== null
  const signal = (name: NodeJS.Signals | 0) => {
    try {
      process.kill(-pid, name)
      return true
    } catch {
      return false
    }
  }
  return {
    pid,
    exited,
    exit,
    output: () => {
      try {
        return readFileSync(options.log, 'utf8').slice(-6_000)
      } catch {
        return ''
      }
    },
    async stop() {
      signal('SIGINT')
      const deadline = Date.now() + 5_000
      while (signal(0) && Date.now() < deadline) await sleep(100)
      signal('SIGKILL')
    },
  }
}

/** Polls `ready` until it holds, failing early when the process has exited. */
export async function waitUntilReady(name: string, group: ProcessGroup, ready: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await ready())) {
    if (group.exited()) throw new Error(`${name} exited before it was ready:\n${group.output()}`)
    if (Date.now() > deadline) throw new Error(`${name} was not ready within ${timeoutMs / 1000} s:\n${group.output()}`)
    await sleep(250)
  }
}
