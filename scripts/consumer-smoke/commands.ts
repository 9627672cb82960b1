import { spawn, type ChildProcess } from 'node:child_process'

export interface CommandOptions {
  cwd: string
  env?: NodeJS.ProcessEnv
  timeoutMs?: number
}

/** A command that exited other than with 0; its output is kept for the report. */
export class CommandFailedError extends Error {
  readonly code = 'command-failed'
  constructor(
    readonly command: string,
    readonly output: string,
    readonly exit: string,
  ) {
    super(`${command} failed (${exit}):\n${output.trim()}`)
  }
}

/**
 * Runs a command to its end and answers its output (stdout then stderr). The output is printed only
 * when it fails, so a passing run stays short; past `timeoutMs` the child is stopped by its own id.
 */
export function runCommand(command: string, args: readonly string[], options: CommandOptions): Promise<string> {
  const shown = [command, ...args].join(' ')
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 180_000)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      const output = `${stdout}${stderr}`
      if (code === 0) resolve(stdout)
      else reject(new CommandFailedError(shown, output, signal ? `signal ${signal}` : `exit code ${code}`))
    })
  })
}

/** A long-running child (a server): its output so far, and a stop by its own process id. */
export interface RunningProcess {
  child: ChildProcess
  output: () => string
  stop: () => Promise<void>
}

export function startProcess(command: string, args: readonly string[], options: CommandOptions): RunningProcess {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const gone = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000))])
      if (!gone) child.kill('SIGKILL')
    },
  }
}
