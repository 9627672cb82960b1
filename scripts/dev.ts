// pnpm start and pnpm dev: the whole reading service on this machine, for a newcomer. Starts the Firebase
// Auth emulator (reusing one already running), the reference API (seeding its catalogue on the first
// start) and the site side by side, prints where to go once all three answer, and stops them on Ctrl-C,
// each by its own process id. The site: with --production (pnpm start) built and run on its production
// server (examples/site/src/server/main.ts), as a deployment runs it; without (pnpm dev) Vite's
// hot-reloading dev server. Either way the site is built from the kit's built packages (their dist/, as a
// partner's app), so the packages it depends on are built first when their dist/ is missing or older
// than their sources.
import { spawn, type ChildProcess } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AUTH_EMULATOR_DEFAULT_PORT, authEmulatorPortFromEnv, startAuthEmulator } from '@comics/auth-emulator'
import { buildKitPackages } from '@comics/test-stack/kitBuild'

const API_URL = 'http://127.0.0.1:8787'
const SITE_PORT = 5173
const READY_TIMEOUT_MS = 180_000
const production = process.argv.includes('--production')

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
    return response.status < 500
  } catch {
    return false
  }
}

/** The API answers its public payment-methods call once it listens (after migrations and the seed). */
const apiAnswers = () => answers(`${API_URL}/api/v1/subscriptions/betatransfer/payment-systems`)
const siteAnswers = () => answers(`http://127.0.0.1:${SITE_PORT}/`)

/** `pnpm --filter site build` with the emulator's address built in; resolves once both builds are written. */
function buildSite(env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['--filter', 'site', 'build'], { detached: true, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } })
    children.push(child)
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`The site build failed (exit code ${code}).`))))
  })
}

/**
 * A child in a process group of its own: pnpm starts tsx or vite, which start node, and stopping the
 * group by the child's id reaches all of them and nothing else.
 */
function startGroup(name: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn('pnpm', args, { detached: true, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } })
  child.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(`\n${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`)
      void stopAll(1)
    }
  })
  return child
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    /* the group is already gone */
  }
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  signalGroup(child, 'SIGINT')
  const gone = await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)])
  if (!gone) signalGroup(child, 'SIGKILL')
}

async function waitFor(what: string, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (!(await ready())) {
    if (stopping) return
    if (Date.now() > deadline) throw new Error(`${what} did not answer within ${READY_TIMEOUT_MS / 1000} s`)
    await sleep(500)
  }
}

let stopping = false
const children: ChildProcess[] = []
let stopEmulator: (() => Promise<void>) | undefined

async function stopAll(exitCode: number): Promise<never> {
  stopping = true
  for (const child of [...children].reverse()) await stopGroup(child)
  await stopEmulator?.()
  process.exit(exitCode)
}

// Kept for the whole stop: a signal sent to the process group reaches this process twice (directly and
// relayed by tsx), and a second one without a listener would end it before its children are stopped.
const onSignal = () => {
  if (!stopping) void stopAll(0)
}
process.on('SIGINT', onSignal)
process.on('SIGTERM', onSignal)

try {
  // The three start at once: the emulator's host is known before it answers, and neither the API nor the
  // site needs it until a reader signs in. The API's first start (migration and seed) is the longest part.
  const emulatorPort = authEmulatorPortFromEnv() ?? AUTH_EMULATOR_DEFAULT_PORT
  const emulatorHost = `127.0.0.1:${emulatorPort}`
  console.log('Starting the Firebase Auth emulator, the API (the first start migrates and seeds the catalogue) and the site…')
  const emulatorStarted = startAuthEmulator({ port: emulatorPort }).then((emulator) => {
    stopEmulator = emulator.stop
    // Started after a stop began (another part failed first): stopped at once.
    if (stopping) void emulator.stop()
    else console.log(`Auth emulator ${emulator.reused ? 'already running' : 'started'} on http://${emulator.host}`)
    return emulator
  })
  const apiStarted = (async () => {
    if (await apiAnswers()) {
      console.log(`An API already answers on ${API_URL}; using it.`)
      return
    }
    // The API trusts the emulator's unsigned tokens only when asked to, as here (and only on loopback).
    children.push(startGroup('The API', ['--filter', 'api', 'start'], { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost }))
    await waitFor('The API', apiAnswers)
  })()
  const siteEnv = { VITE_AUTH_EMULATOR_URL: `http://${emulatorHost}`, SITE_PORT: String(SITE_PORT) }
  const packagesLog = join(tmpdir(), 'comics-kit-packages-build.log')
  await buildKitPackages({ workspaceRoot: fileURLToPath(new URL('..', import.meta.url)), log: packagesLog }).catch((error: unknown) => {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n(the whole log: ${packagesLog})`)
  })
  if (production) {
    // The production build, made at each start (a fresh clone has none, and it follows the sources).
    console.log('Building the site…')
    await buildSite(siteEnv)
    if (!stopping) children.push(startGroup('The site', ['--filter', 'site', 'serve'], { ...siteEnv, SITE_API_TARGET: API_URL, SITE_LOG_LEVEL: 'warn' }))
  } else {
    children.push(startGroup('The site', ['--filter', 'site', 'dev'], siteEnv))
  }
  const [emulator] = await Promise.all([emulatorStarted, apiStarted, waitFor('The site', siteAnswers)])
  console.log(`
  The comics reading service is running:

    Adult site (AO, age gate):   http://adult.localhost:${SITE_PORT}
    Mirror site (T and M):       http://localhost:${SITE_PORT}
    API:                         ${API_URL}/api/v1
    Auth emulator:               http://${emulator.host}

  To become admin: sign up on the site, then run
    pnpm --filter api grant-admin YOUR@EMAIL
  sign out and in again, and open /admin.

  Ctrl-C stops everything.
`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await stopAll(1)
}
