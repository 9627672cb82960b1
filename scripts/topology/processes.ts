// The processes of the topology: PostgreSQL from Debian's binaries, nginx, and Node servers, each
// started here and stopped by its own process id.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, chownSync, createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from '@comics/test-stack/freePort'
import { AGE_PASSED_COOKIE, CUSTOM_READER_COOKIE, SIGNED_IN_COOKIE } from '@comics/test-stack/siteCookies'

const run = promisify(execFile)
const PG_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin'
export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx'

export { freePort }

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface Postgres {
  url: string
  port: number
  /** Runs SQL through psql; rows as arrays of strings (tab-separated output). */
  query(sql: string): Promise<string[][]>
  stop(): Promise<void>
}

/**
 * A PostgreSQL 15 cluster in `folder` (initdb, pg_ctl) on a free loopback port. As root the cluster belongs
 * to the `postgres` OS user (initdb refuses root). Stopped with its own pg_ctl.
 */
export async function startPostgres(folder: string): Promise<Postgres> {
  const asRoot = process.getuid?.() === 0
  const home = join(folder, 'postgres')
  mkdirSync(home)
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim())
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim())
    chmodSync(folder, 0o755)
    chownSync(home, uid, gid)
  }
  const as = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(PG_BIN, command), ...args]) : run(join(PG_BIN, command), args)
  const dataDir = join(home, 'data')
  const port = await freePort()
  await as('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'])
  await as('pg_ctl', [
    '-D', dataDir, '-l', join(home, 'log'), '-w', '-t', '30',
    '-o', `-p ${port} -c listen_addresses=127.0.0.1 -k ${home} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`,
    'start',
  ])
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  return {
    url,
    port,
    async query(sql) {
      // The SQL goes through psql's standard input: a check's list of written names can outgrow one argument.
      const child = run(join(PG_BIN, 'psql'), ['-X', '-q', '-At', '-F', '\t', '-v', 'ON_ERROR_STOP=1', '-d', url], { maxBuffer: 64 << 20 })
      child.child.stdin!.end(sql)
      const { stdout } = await child
      return stdout.split('\n').filter(Boolean).map((line) => line.split('\t'))
    },
    stop: async () => {
      await as('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined)
    },
  }
}

export interface Service {
  name: string
  child: ChildProcess
  pid: number
  exited: Promise<number | string>
  /** SIGTERM (graceful) and wait for the exit code. */
  stop(): Promise<number | string>
  /** SIGKILL and wait. */
  kill(): Promise<number | string>
}

/** A process with its output appended to `logFile`. */
export function startService(name: string, command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; logFile: string }): Service {
  const log = createWriteStream(options.logFile, { flags: 'a' })
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout!.pipe(log, { end: false })
  child.stderr!.pipe(log, { end: false })
  let ended = false
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = true
      resolve(code ?? signal ?? 'unknown')
    }),
  )
  const signal = (name: NodeJS.Signals) => {
    if (!ended) process.kill(child.pid!, name)
    return exited
  }
  return { name, child, pid: child.pid!, exited, stop: () => signal('SIGTERM'), kill: () => signal('SIGKILL') }
}

/**
 * The S3-protocol server in a process of its own (`@comics/s3-server`'s command line), so that nothing this
 * script runs synchronously (the soak) stalls the bucket the API instances read. Resolves with the service
 * and the API's storage variables it printed; SIGTERM stops it and removes its folder.
 */
export async function startS3Service(logFile: string, cwd: string): Promise<{ service: Service; env: Record<string, string> }> {
  const cli = createRequire(import.meta.url).resolve('@comics/s3-server/cli')
  const service = startService('s3rver', process.execPath, ['--import', 'tsx', cli], { cwd, logFile })
  let exited = false
  void service.exited.then(() => (exited = true))
  const until = Date.now() + 30_000
  while (Date.now() < until) {
    if (exited) throw new Error(`s3rver exited before it started (${logFile})`)
    const started = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').find((line) => line.startsWith('{')) : undefined
    if (started) return { service, env: (JSON.parse(started) as { env: Record<string, string> }).env }
    await sleep(100)
  }
  await service.kill()
  throw new Error(`s3rver did not start within 30 s (${logFile})`)
}

/** Resolves once `url` answers 200, or rejects after `timeoutMs` (or when `service` exits first). */
export async function waitFor(url: string, timeoutMs: number, service?: Service): Promise<void> {
  const until = Date.now() + timeoutMs
  let exited = false
  void service?.exited.then(() => (exited = true))
  while (Date.now() < until) {
    if (exited) throw new Error(`${service!.name} exited before ${url} answered`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      if (response.status === 200) return
    } catch {
      // not listening yet
    }
    await sleep(100)
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`)
}

/**
 * nginx in front: `/api/` balanced round-robin over the API instances (a refused connection, a timeout,
 * a 502 or 503 passed to the next one: for a POST only when nothing was sent, nginx's default), `/` to
 * the site server. `X-Forwarded-For` is set to the connecting address (nginx is the outermost proxy, so a
 * client's own header is replaced; the API trusts it from nginx, TRUST_PROXY, the site server too,
 * SITE_TRUST_PROXY), `X-Request-Id` to nginx's request id, and the answer says which
 * instance answered (`X-Upstream`) for the checks. The site's guest pages are kept in nginx's cache by
 * the site server's own headers (`X-Cache` says HIT, MISS, BYPASS, EXPIRED, STALE or UPDATING). With
 * `uncachedPort`, a second listener the same but for that cache, for the checks to measure beside it.
 * An instance in `down` gets no new request (a rolling restart drains it this way: nginx's open-source
 * build has no active health checks of /readyz).
 */
export function nginxConfig(folder: string, options: { port: number; apiPorts: number[]; sitePort: number; asRoot: boolean; down?: readonly number[]; uncachedPort?: number }): string {
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'pages']) {
    mkdirSync(join(folder, sub), { recursive: true })
    chmodSync(join(folder, sub), 0o777)
  }
  const pageCache = `
      # Guest pages from the shared cache (docs/deploy.md, "Guest pages from a shared cache"): what the site
      # server marks public (a guest's page holding nothing of the reader's, and the built files), kept
      # as long as it says. Keyed on the host, the address, the encoding and the two marks that change a
      # guest's render; a signed-in reader's request passes by, and its answer is never stored.
      proxy_cache pages;
      proxy_cache_key "$http_host$request_uri|$page_encoding|$cookie_${AGE_PASSED_COOKIE}|$cookie_${CUSTOM_READER_COOKIE}";
      proxy_ignore_headers Vary;
      proxy_cache_bypass $cookie_${SIGNED_IN_COOKIE};
      proxy_no_cache $cookie_${SIGNED_IN_COOKIE};
      # One request refreshes an expired page while the others get the stale copy (stale-while-revalidate),
      # and while the site server fails they get the stale copy too (stale-if-error).
      proxy_cache_lock on;
      proxy_cache_background_update on;
      proxy_cache_use_stale updating error timeout http_500 http_502 http_503 http_504;
      add_header X-Cache $upstream_cache_status always;
`
  /** The balancer's listener on `port`; with `cached`, the site's guest pages from the shared cache. */
  const server = (port: number, cached: boolean) => `
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Request-Id $request_id;
    # One encoding asked of the servers (a location with headers of its own would drop these: nginx's rule).
    proxy_set_header Accept-Encoding $page_encoding;
    proxy_connect_timeout 1s;
    proxy_read_timeout 30s;
    location /api/ {
      proxy_pass http://api;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      add_header X-Upstream $upstream_addr always;
    }
    # The instances' liveness answer through the same hops as the API: the latency check's baseline.
    location = /api/healthz {
      proxy_pass http://api/healthz;
    }
    location / {
      proxy_pass http://site;
${cached ? pageCache : ''}    }
  }
`
  const config = `
${options.asRoot ? 'user root root;' : ''}
worker_processes 1;
daemon off;
pid ${join(folder, 'nginx.pid')};
error_log ${join(folder, 'error.log')} warn;
events { worker_connections 4096; }
http {
  log_format upstream '$remote_addr "$request" $status $upstream_addr $upstream_status $request_time $request_id $upstream_cache_status';
  access_log ${join(folder, 'access.log')} upstream;
  client_body_temp_path ${join(folder, 'body')};
  proxy_temp_path ${join(folder, 'proxy')};
  fastcgi_temp_path ${join(folder, 'fastcgi')};
  uwsgi_temp_path ${join(folder, 'uwsgi')};
  scgi_temp_path ${join(folder, 'scgi')};
  client_max_body_size 100m;
  upstream api {
${options.apiPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s${options.down?.includes(port) ? ' down' : ''};`).join('\n')}
  }
  upstream site { server 127.0.0.1:${options.sitePort}; keepalive 16; }
  proxy_cache_path ${join(folder, 'pages')} levels=1:2 keys_zone=pages:10m max_size=256m inactive=10m use_temp_path=off;
  # The one encoding the cache keeps a page in for a browser's Accept-Encoding (the site server sends it so).
  map $http_accept_encoding $page_encoding {
    "~*\\bbr\\b" br;
    "~*\\bgzip\\b" gzip;
    default identity;
  }
${server(options.port, true)}${options.uncachedPort ? server(options.uncachedPort, false) : ''}}
`
  const path = join(folder, 'nginx.conf')
  writeFileSync(path, config)
  return path
}
