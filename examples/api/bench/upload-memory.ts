import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { pipeline } from 'node:stream/promises'
import sharp from 'sharp'
import { buildApp } from '../src/app'
import type { AppContext } from '../src/app-context'
import type { TokenVerifier } from '../src/auth/token-verifier'
import { CatalogueCache } from '../src/catalogue/catalogue-cache'
import { systemClock } from '../src/clock'
import { loadConfig } from '../src/config'
import { openDatabase } from '../src/db/open-database'
import { chapters, comics } from '../src/db/schema'
import { FileStore } from '../src/files/file-store'
import { Renditions } from '../src/files/renditions'
import { storageOf } from '../src/files/storage-of'
import { createSandbox } from '../src/payments/sandbox/create-sandbox'

// pnpm --filter api bench:upload-memory (node --expose-gc --import tsx bench/upload-memory.ts): uploads FILES page images of about 9.5 MB each (noise,
// which no encoder shrinks) in one request through a real socket to the upload endpoint, once onto the
// local disk and once onto an S3 bucket (s3rver in a child process, so its memory is not counted), and
// prints how far the memory the process holds (V8's heap and Buffers, sampled every 250 ms after a forced
// collection: run with --expose-gc) rose above what it held before. Not RSS: PGlite's WebAssembly memory
// dwarfs it. The request body is streamed from a file drawn by another process: the client holds none of
// it. Figures: docs/performance.md, "Streamed uploads".
const FILES = Number(process.env.FILES ?? 8)
const repoRoot = resolve(import.meta.dirname, '../../..')

/** A bench-only verifier: the one token it knows is an admin's (the bench measures memory, not sign-in). */
const ADMIN_TOKEN = 'bench-admin'
const verifier: TokenVerifier = {
  async verify(token) {
    if (token !== ADMIN_TOKEN) throw new Error('unknown token')
    return { uid: 'bench-admin', email: 'admin@bench.test', admin: true, authTime: Math.floor(Date.now() / 1000) }
  },
  async deleteAccount() {},
}

async function startS3rverProcess(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'tools/s3-server/src/cli.ts'), '--bucket', 'bench'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string]
  const described = JSON.parse(line) as { env: Record<string, string> }
  return {
    env: described.env,
    async stop() {
      child.kill('SIGTERM')
      if (child.exitCode === null) await once(child, 'exit')
    },
  }
}

/** A multipart body of `count` noise images written to a file, with its boundary. */
async function writeBody(folder: string, count: number, chapterId: number): Promise<{ path: string; boundary: string; bytes: number }> {
  const boundary = 'bench-boundary-7f3a'
  const path = join(folder, 'body.multipart')
  const out = createWriteStream(path)
  const write = (chunk: string | Buffer) => new Promise<void>((done, fail) => out.write(chunk, (error) => (error ? fail(error) : done())))
  await write(`--${boundary}\r\nContent-Disposition: form-data; name="chapterId"\r\n\r\n${chapterId}\r\n`)
  for (let i = 0; i < count; i++) {
    const width = 1800
    const height = 1760
    const noise = Buffer.alloc(width * height * 3)
    for (let j = 0; j < noise.length; j += 4) noise.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, j)
    const png = await sharp(noise, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer()
    await write(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="page-${i}.png"\r\nContent-Type: image/png\r\n\r\n`)
    await write(png)
    await write('\r\n')
  }
  await write(`--${boundary}--\r\n`)
  out.end()
  await once(out, 'finish')
  return { path, boundary, bytes: (await stat(path)).size }
}

async function measure(backend: 'local' | 's3', folder: string, s3env: Record<string, string>) {
  const config = { ...loadConfig(backend === 's3' ? s3env : {}), filesDir: join(folder, `files-${backend}`), logLevel: 'silent' }
  const database = await openDatabase({ kind: 'pglite' })
  const [comic] = await database.db.insert(comics).values({ title: 'Bench', contentRating: 'T' }).returning()
  const [chapter] = await database.db
    .insert(chapters)
    .values({ comicId: comic!.id, title: 'One', chapterNumber: 1, isFree: true, publishAt: new Date() })
    .returning()
  const fileStore = new FileStore(storageOf(config), config.filesPublicUrl, config.filesDir)
  const renditions = new Renditions(fileStore)
  const sandbox = createSandbox(config, database.db, systemClock)
  const context: AppContext = {
    config, db: database.db, clock: systemClock, verifier, fileStore, renditions, provider: sandbox, sandbox,
    cache: new CatalogueCache(undefined, { clock: systemClock, nextPublishTime: async () => null }, 60_000),
  }
  const app = await buildApp(context, { logger: false })
  await app.listen({ host: '127.0.0.1', port: 0 })
  // Drawn in a process of its own: the noise images' buffers never inflate this process's memory.
  const body = await bodyWrittenElsewhere(folder, chapter!.id)
  // Renditions made ahead are left out (closed: none is queued): they are made one at a time after the
  // upload, each holding its one image while it is encoded, whatever the upload's size.
  await renditions.close()
  // sharp is loaded by the first upload: loaded here first, so its own memory is not counted.
  await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer()
  globalThis.gc?.()
  const before = process.memoryUsage()
  let peakLive = before.heapUsed + before.arrayBuffers
  let peakHeap = peakLive
  // Each sample collects garbage first: what is left is what the upload holds (the peak of the live
  // memory); the peak without collecting counts the garbage not yet collected as well.
  const sampler = setInterval(() => {
    const seen = process.memoryUsage()
    peakHeap = Math.max(peakHeap, seen.heapUsed + seen.arrayBuffers)
    globalThis.gc?.()
    const live = process.memoryUsage()
    peakLive = Math.max(peakLive, live.heapUsed + live.arrayBuffers)
  }, 250)
  const started = Date.now()
  const status = await new Promise<number>((done, fail) => {
    const call = request(
      {
        host: '127.0.0.1',
        port: (app.server.address() as AddressInfo).port,
        method: 'POST',
        path: `/api/v1/comics/${comic!.id}/assets/censored`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': `multipart/form-data; boundary=${body.boundary}`, 'content-length': body.bytes },
      },
      (response) => {
        response.resume()
        response.on('end', () => done(response.statusCode ?? 0))
      },
    )
    call.on('error', fail)
    void pipeline(createReadStream(body.path), call).catch(fail)
  })
  clearInterval(sampler)
  const ms = Date.now() - started
  await app.close()
  await database.close()
  if (status !== 200) throw new Error(`upload answered ${status}`)
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)
  console.log(
    `${backend.padEnd(5)}  body ${mb(body.bytes)} MB in ${FILES} files, ${ms} ms: live memory (heap and buffers) at most +${mb(peakLive - before.heapUsed - before.arrayBuffers)} MB, with uncollected garbage +${mb(peakHeap - before.heapUsed - before.arrayBuffers)} MB (held before: ${mb(before.heapUsed + before.arrayBuffers)} MB)`,
  )
}

async function bodyWrittenElsewhere(folder: string, chapterId: number): Promise<{ path: string; boundary: string; bytes: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--write-body', folder, String(chapterId)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  })
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string]
  if (child.exitCode === null) await once(child, 'exit')
  return JSON.parse(line) as { path: string; boundary: string; bytes: number }
}

if (process.argv[2] === '--write-body') {
  console.log(JSON.stringify(await writeBody(process.argv[3]!, FILES, Number(process.argv[4]))))
  process.exit(0)
}

const folder = await mkdtemp(join(tmpdir(), 'upload-memory-'))
const s3 = await startS3rverProcess()
try {
  await measure('local', folder, s3.env)
  await measure('s3', folder, s3.env)
} finally {
  await s3.stop()
  await rm(folder, { recursive: true, force: true })
}
