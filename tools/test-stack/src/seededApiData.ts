import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A fingerprint of what decides the seeded database: the migrations, the schema and the seed. A cached
 * data folder is reused only while it matches.
 */
export function seedFingerprint(apiRoot: string): string {
  const hash = createHash('sha256')
  for (const folder of ['drizzle', 'src/db', 'src/seed']) {
    const files = readdirSync(join(apiRoot, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort()
    for (const file of files) hash.update(file.slice(apiRoot.length)).update(readFileSync(file))
  }
  return hash.digest('hex').slice(0, 16)
}

/** The cached, freshly seeded data folder for this fingerprint, if a previous run made one. */
export function cachedSeed(cacheRoot: string, fingerprint: string): string | null {
  const folder = join(cacheRoot, `api-seed-${fingerprint}`)
  return existsSync(join(folder, 'ready')) ? join(folder, 'data') : null
}

/** Where a new seed for this fingerprint is made; older seeds are removed. */
export function newSeedFolder(cacheRoot: string, fingerprint: string): { data: string; markReady: () => void } {
  if (existsSync(cacheRoot)) {
    for (const entry of readdirSync(cacheRoot)) if (entry.startsWith('api-seed-')) rmSync(join(cacheRoot, entry), { recursive: true, force: true })
  }
  const folder = join(cacheRoot, `api-seed-${fingerprint}`)
  mkdirSync(folder, { recursive: true })
  return {
    data: join(folder, 'data'),
    // Written after the API that seeded the folder closed its database: only then is the copy whole.
    markReady: () => writeFileSync(join(folder, 'ready'), `${fingerprint}\n`),
  }
}

/** A private copy of the seeded data for one run: the journeys write to it (accounts, payments, uploads). */
export function copySeed(seed: string, target: string): void {
  cpSync(seed, target, { recursive: true })
}
