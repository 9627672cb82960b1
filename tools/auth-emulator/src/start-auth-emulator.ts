import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { leaseEmulator, type EmulatorLease, type HandedOverEmulator } from './emulator-leases'
import { AUTH_EMULATOR_DEFAULT_PORT, AUTH_EMULATOR_PROJECT, emulatorUrl } from './project'

export interface RunningAuthEmulator {
  /** 'host:port', the form `connectAuthEmulator` and FIREBASE_AUTH_EMULATOR_HOST take (without the scheme). */
  host: string
  port: number
  /** True when an emulator was already answering on the port (or another run was starting one). */
  reused: boolean
  /**
   * Stops the emulator this call started (its own process group, by PID). When other test runs still use
   * it, it is handed over and the last of them stops it; an emulator started by hand is never stopped.
   */
  stop(): Promise<void>
}

/** AUTH_EMULATOR_PORT, when it holds a port number. */
export function authEmulatorPortFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const port = Number(env.AUTH_EMULATOR_PORT)
  return Number.isInteger(port) && port > 0 && port < 65_536 ? port : undefined
}

const READY_TIMEOUT_MS = 60_000
const STOP_GRACE_MS = 5_000
/** How long to wait for an emulator another process is starting on the same port. */
const RIVAL_START_WAIT_MS = 20_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

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

/** A port nothing listens on at the moment, as the system hands them out (bind to 0, read, close). */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('No free port was handed out'))))
    })
  })
}

/**
 * A temporary folder with the emulator's configuration for this run (so a port other than the root
 * `firebase.json`'s 9099 works, and nothing binds beyond loopback) and its log. The hub and logging ports
 * are free ports the system handed out: left unset, firebase-tools scans up from 4400 and 4500, and two
 * emulators starting at once on different auth ports both find the same one free, and one of them fails.
 */
function emulatorFolder(port: number, hubPort: number, loggingPort: number): { folder: string; config: string; log: string } {
  const folder = mkdtempSync(join(tmpdir(), 'comics-auth-emulator-'))
  const config = join(folder, 'firebase.json')
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  )
  return { folder, config, log: join(folder, 'emulator.log') }
}

function firebaseCliPath(): string {
  const require = createRequire(import.meta.url)
  return join(require.resolve('firebase-tools/package.json'), '..', 'lib', 'bin', 'firebase.js')
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null

/** Signals a whole process group the harness created (negative PID), ignoring a group already gone. */
function signalGroup(groupId: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-groupId, signal)
    return true
  } catch {
    return false
  }
}

/** Stops a process group the harness started: SIGINT, then SIGKILL for what is left after a grace period. */
async function stopGroup({ groupId, folder }: HandedOverEmulator): Promise<void> {
  signalGroup(groupId, 'SIGINT')
  const deadline = Date.now() + STOP_GRACE_MS
  while (signalGroup(groupId, 0) && Date.now() < deadline) await sleep(100)
  signalGroup(groupId, 'SIGKILL')
  rmSync(folder, { recursive: true, force: true })
}

/**
 * Starts the Firebase Auth emulator (auth only, project demo-comics, 127.0.0.1), or reuses one that
 * already answers on the port. Resolves when it is ready (a cold start takes seconds: Java and the
 * emulator load). The port is `opts.port`, else AUTH_EMULATOR_PORT, else 9099.
 *
 * Test runs of the same machine share the emulator on a port: the run that started it stops it, unless
 * other runs still use it; then the last of them does. An emulator started by hand (`pnpm emulators`) is
 * never stopped.
 * @example
 * const emulator = await startAuthEmulator()
 * // ... tests against emulator.host ...
 * await emulator.stop()
 */
export async function startAuthEmulator(opts: { port?: number | undefined } = {}): Promise<RunningAuthEmulator> {
  const port = opts.port ?? authEmulatorPortFromEnv() ?? AUTH_EMULATOR_DEFAULT_PORT
  const host = `127.0.0.1:${port}`
  const lease = leaseEmulator(port)
  const reusedEmulator = (): RunningAuthEmulator => ({
    host,
    port,
    reused: true,
    async stop() {
      lease.release()
      if (lease.othersAlive()) return
      const handedOver = lease.takeHandedOver()
      if (handedOver) await stopGroup(handedOver)
    },
  })
  // One run spawns; runs starting at the same moment wait for its emulator and reuse it.
  let releaseSpawnLock: (() => void) | null = null
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (!releaseSpawnLock) {
    if (await isAuthEmulatorReady(host)) return reusedEmulator()
    releaseSpawnLock = lease.trySpawnLock()
    if (releaseSpawnLock && (await isAuthEmulatorReady(host))) {
      releaseSpawnLock()
      return reusedEmulator()
    }
    if (!releaseSpawnLock) {
      if (Date.now() > deadline) {
        lease.release()
        throw new Error(`Another run was starting the Auth emulator on ${host}, and it was not ready within ${READY_TIMEOUT_MS / 1000} s`)
      }
      await sleep(250)
    }
  }
  try {
    return await spawnAuthEmulator(host, port, lease, reusedEmulator)
  } finally {
    releaseSpawnLock()
  }
}

async function spawnAuthEmulator(
  host: string,
  port: number,
  lease: EmulatorLease,
  reusedEmulator: () => RunningAuthEmulator,
): Promise<RunningAuthEmulator> {
  const files = emulatorFolder(port, await freeLoopbackPort(), await freeLoopbackPort())
  // Output goes to a file, not a pipe, so the emulator outlives this process when it is handed over.
  const logFd = openSync(files.log, 'a')
  const child = spawn(
    process.execPath,
    [firebaseCliPath(), 'emulators:start', '--only', 'auth', '--project', AUTH_EMULATOR_PROJECT, '--config', files.config],
    {
      // A process group of its own, so stopping reaches the CLI and anything it forks, and nothing else.
      detached: true,
      stdio: ['ignore', logFd, logFd],
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0' },
    },
  )
  closeSync(logFd)
  const output = () => {
    try {
      return readFileSync(files.log, 'utf8')
    } catch {
      return ''
    }
  }
  const pid = child.pid
  const ours: HandedOverEmulator | undefined = pid === undefined ? undefined : { groupId: pid, folder: files.folder }
  if (!ours) {
    lease.release()
    rmSync(files.folder, { recursive: true, force: true })
    throw new Error('The Auth emulator could not be spawned')
  }

  const stop = async () => {
    lease.release()
    if (!hasExited(child)) {
      // Handed over first and checked after, so a run leaving at the same moment sees one or the other.
      lease.handOver(ours)
      if (lease.othersAlive()) {
        child.unref() // another run still uses it; the last of those runs stops it
        return
      }
      lease.takeHandedOver()
    }
    await stopGroup(ours)
  }

  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    // Ours only when our own process says so: an emulator started by hand could answer on the port too.
    if (!hasExited(child) && output().includes('All emulators ready') && (await isAuthEmulatorReady(host))) {
      return { host, port, reused: false, stop }
    }
    if (hasExited(child)) {
      const log = output().slice(-8_000)
      await stopGroup(ours)
      // Something else took the port meanwhile (an emulator started by hand): wait for it and use it.
      const othersDeadline = Math.min(deadline, Date.now() + RIVAL_START_WAIT_MS)
      while (Date.now() < othersDeadline) {
        if (await isAuthEmulatorReady(host)) return reusedEmulator()
        await sleep(250)
      }
      lease.release()
      throw new Error(`The Auth emulator exited before it was ready:\n${log}`)
    }
    await sleep(250)
  }
  const log = output().slice(-8_000)
  lease.release()
  await stopGroup(ours)
  throw new Error(`The Auth emulator was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${log}`)
}
