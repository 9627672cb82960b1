import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AUTH_EMULATOR_DEFAULT_PORT, AUTH_EMULATOR_PROJECT, emulatorUrl } from './project'

export interface RunningAuthEmulator {
  /** 'host:port', the form `connectAuthEmulator` and FIREBASE_AUTH_EMULATOR_HOST take (without the scheme). */
  host: string
  port: number
  /** True when an emulator was already answering on the port; `stop()` then leaves it running. */
  reused: boolean
  /** Stops the emulator this call started (its own process group, by PID); a no-op when reused. */
  stop(): Promise<void>
}

const READY_TIMEOUT_MS = 60_000
const STOP_GRACE_MS = 5_000

/** True when the Auth emulator answers on `host` and says it is ready. */
async function isAuthEmulatorReady(host: string): Promise<boolean> {
  try {
    const response = await fetch(`${emulatorUrl(host)}/`, { signal: AbortSignal.timeout(1_000) })
    if (!response.ok) return false
    const body = (await response.json()) as { authEmulator?: { ready?: boolean } }
    return body.authEmulator?.ready === true
  } catch {
    return false
  }
}

/**
 * The emulator's configuration for this run, written to a temporary folder so a port other than the
 * root `firebase.json`'s 9099 works, and nothing binds beyond loopback. The hub and logging ports are
 * left free so firebase-tools picks unused ones.
 */
function writeEmulatorConfig(port: number): { path: string; remove(): void } {
  const folder = mkdtempSync(join(tmpdir(), 'comics-auth-emulator-'))
  const path = join(folder, 'firebase.json')
  writeFileSync(
    path,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1' },
        logging: { host: '127.0.0.1' },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  )
  return { path, remove: () => rmSync(folder, { recursive: true, force: true }) }
}

function firebaseCliPath(): string {
  const require = createRequire(import.meta.url)
  return join(require.resolve('firebase-tools/package.json'), '..', 'lib', 'bin', 'firebase.js')
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })

/** Signals the whole process group the harness created (negative PID), ignoring a group already gone. */
function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal)
  } catch {
    /* the group has already exited */
  }
}

/**
 * Starts the Firebase Auth emulator (auth only, project demo-comics, 127.0.0.1), or reuses one that
 * already answers on the port. Resolves when it is ready (about 10 s on a cold start).
 * @example
 * const emulator = await startAuthEmulator()
 * // ... tests against emulator.host ...
 * await emulator.stop()
 */
export async function startAuthEmulator(opts: { port?: number } = {}): Promise<RunningAuthEmulator> {
  const port = opts.port ?? AUTH_EMULATOR_DEFAULT_PORT
  const host = `127.0.0.1:${port}`
  if (await isAuthEmulatorReady(host)) return { host, port, reused: true, stop: async () => {} }

  const config = writeEmulatorConfig(port)
  const child = spawn(
    process.execPath,
    [firebaseCliPath(), 'emulators:start', '--only', 'auth', '--project', AUTH_EMULATOR_PROJECT, '--config', config.path],
    {
      // A process group of its own, so stop() reaches the CLI and anything it forks, and nothing else.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0' },
    },
  )
  let output = ''
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const pid = child.pid
  if (pid === undefined) {
    config.remove()
    throw new Error('The Auth emulator could not be spawned')
  }

  let stopped: Promise<void> | undefined
  const stop = () => {
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        signalGroup(pid, 'SIGINT')
        const grace = new Promise<'late'>((resolve) => setTimeout(resolve, STOP_GRACE_MS, 'late').unref())
        if ((await Promise.race([exited(child), grace])) === 'late') {
          signalGroup(pid, 'SIGKILL')
          await exited(child)
        }
      }
      // The CLI may leave helpers in its group after it exits; the group is ours alone.
      signalGroup(pid, 'SIGKILL')
      config.remove()
    })()
    return stopped
  }

  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (await isAuthEmulatorReady(host)) return { host, port, reused: false, stop }
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop()
      // Another run may have started one on the same port in the meantime: use it.
      if (await isAuthEmulatorReady(host)) return { host, port, reused: true, stop: async () => {} }
      throw new Error(`The Auth emulator exited before it was ready:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await stop()
  throw new Error(`The Auth emulator was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output}`)
}
