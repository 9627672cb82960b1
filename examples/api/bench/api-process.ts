import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { freePort } from '../test/support/free-port'

export const packageRoot = fileURLToPath(new URL('..', import.meta.url))

/** Bundles the server into dist/, as `pnpm start` does before it runs it. */
export function buildServerBundle(): void {
  execFileSync(process.execPath, ['build-server.mjs'], { cwd: packageRoot, stdio: 'inherit' })
}

/** Waits until `url` answers 2xx; the time it took. Fails early when the process has exited. */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`)
    try {
      const response = await fetch(url)
      if (response.ok) return Date.now() - started
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

/** Stops a process this script started, by its own PID, and waits for it to exit. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

export interface ApiProcess {
  child: ChildProcess
  port: number
  /** http://127.0.0.1:{port}/api/v1 */
  api: string
  /** From spawn to the first answer. */
  coldStartMs: number
  /** From the server's first line of code to listening, as it reports it in its 'api ready' line. */
  startupMs: number | undefined
  stop(): Promise<void>
}

/**
 * Starts the API in a process of its own from its bundle (build it first with buildServerBundle), as
 * `pnpm start` runs it, on a free port, and waits until it answers. `preload` modules are loaded before
 * the server (`node --import`); with `ipc` the process gets a message channel to this one.
 */
export async function startApiProcess(
  env: Record<string, string>,
  options: { preload?: string[]; ipc?: boolean } = {},
): Promise<ApiProcess> {
  const port = await freePort()
  // BENCH_CPU_PROFILE_DIR: the server writes a V8 CPU profile there when it stops (where its time goes).
  const profile = process.env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : []
  const args = [...profile, ...(options.preload ?? []).flatMap((module) => ['--import', module]), '--enable-source-maps', 'dist/main.js']
  const child = spawn(process.execPath, args, {
    cwd: packageRoot,
    // The benches read hard from one address: the read limits are raised unless a bench sets its own.
    env: { ...process.env, READ_RATE_LIMIT: '10000000', CATALOGUE_MISSES_PER_CLIENT: '10000', ...env, PORT: String(port) },
    stdio: options.ipc ? ['ignore', 'pipe', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  })
  let startupMs: number | undefined
  child.stdout!.on('data', (chunk: Buffer) => {
    const match = /"startupMs":(\d+)/.exec(String(chunk))
    if (match) startupMs = Number(match[1])
  })
  try {
    const coldStartMs = await waitForHttp(`http://127.0.0.1:${port}/api/v1/openapi.json`, child)
    return { child, port, api: `http://127.0.0.1:${port}/api/v1`, coldStartMs, startupMs, stop: () => stopProcess(child) }
  } catch (error) {
    await stopProcess(child)
    throw error
  }
}
