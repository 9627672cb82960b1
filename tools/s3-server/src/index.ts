/// <reference path="./s3rver.d.ts" />
import { mkdtemp, rm } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'

/** s3rver's fixed credentials: it checks request signatures made with them. */
export const S3RVER_ACCESS_KEY_ID = 'S3RVER'
export const S3RVER_SECRET_ACCESS_KEY = 'S3RVER'
const REGION = 'us-east-1'

export interface RunningS3Server {
  /** http://127.0.0.1:PORT */
  endpoint: string
  port: number
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Where the objects are kept (removed by `stop` unless the caller gave the folder). */
  directory: string
  /** The API's storage variables for this server (docs/deploy.md, "Object storage"). */
  env: Record<string, string>
  /** Closes the server and its open connections, then removes the folder it made. */
  stop(): Promise<void>
}

/**
 * Starts s3rver on 127.0.0.1 (`port` 0, the default, picks a free one) over `directory` (a new temporary
 * folder by default) with `bucket` made. Runs in this process: `stop` is its handle.
 */
export async function startS3Server(options: { bucket?: string; port?: number; directory?: string } = {}): Promise<RunningS3Server> {
  const bucket = options.bucket ?? 'comics'
  const directory = options.directory ?? (await mkdtemp(join(tmpdir(), 's3rver-')))
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  const address = (await server.run()) as AddressInfo
  const endpoint = `http://127.0.0.1:${address.port}`
  let stopped: Promise<void> | undefined
  return {
    endpoint,
    port: address.port,
    bucket,
    region: REGION,
    accessKeyId: S3RVER_ACCESS_KEY_ID,
    secretAccessKey: S3RVER_SECRET_ACCESS_KEY,
    directory,
    env: {
      STORAGE_BACKEND: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: S3RVER_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: S3RVER_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop() {
      stopped ??= (async () => {
        const http = (server as unknown as { httpServer?: Server }).httpServer
        const closing = server.close()
        http?.closeAllConnections()
        await closing
        if (!options.directory) await rm(directory, { recursive: true, force: true })
      })()
      return stopped
    },
  }
}
