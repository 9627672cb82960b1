import assert from 'node:assert/strict'
import { cp, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runCommand } from './commands'
import { readManifest } from './releaseWorkspace'

/** The app's sources: index.html, src/main.tsx, vite.config.ts, tsconfig.json. */
const TEMPLATE = fileURLToPath(new URL('./app', import.meta.url))
/** The Next.js app's sources: app/ (App Router), next.config.mjs, tsconfig.json. */
const NEXT_TEMPLATE = fileURLToPath(new URL('./next-app', import.meta.url))
/**
 * The Next.js release the partner app is built with: 16 is the first major whose engines accept
 * Node 20.9 and later (this machine and CI run Node 20). From the registry, like every outside package.
 */
export const NEXT_VERSION = '16.4.6'

/** What a partner adds next to the kit, at the versions the workspace itself uses. */
const APP_DEPENDENCIES = ['react', 'react-dom', '@tanstack/react-query', 'msw']
const APP_DEV_DEPENDENCIES = ['vite', '@vitejs/plugin-react', 'typescript', '@types/react', '@types/react-dom']

async function installedVersion(root: string, name: string): Promise<string> {
  return (await readManifest(join(root, 'node_modules', name))).version
}

/**
 * A fresh Vite + React app in `appDir` that depends on the tarballs by `file:` path. The overrides make
 * the kit's own dependencies between its packages (e.g. @comics/react → @comics/core@version) resolve
 * to the tarballs too, since that version is not on the registry.
 */
export async function writeConsumerApp(root: string, appDir: string, tarballs: ReadonlyMap<string, string>): Promise<void> {
  const kit = Object.fromEntries([...tarballs].map(([name, file]) => [name, `file:${file}`]))
  const pinned = async (names: readonly string[]) =>
    Object.fromEntries(await Promise.all(names.map(async (name) => [name, await installedVersion(root, name)] as const)))
  const manifest = {
    name: 'comics-kit-consumer',
    private: true,
    type: 'module',
    dependencies: { ...kit, ...(await pinned(APP_DEPENDENCIES)) },
    devDependencies: await pinned(APP_DEV_DEPENDENCIES),
    pnpm: { overrides: kit },
  }
  await cp(TEMPLATE, appDir, { recursive: true })
  await writeFile(join(appDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
}

/**
 * A fresh Next.js App Router app in `nextDir` on the kit's tarballs (@comics/core and @comics/react, as a
 * partner using React would install them), React at the workspace's version and Next.js from the registry.
 */
export async function writeNextApp(root: string, nextDir: string, tarballs: ReadonlyMap<string, string>): Promise<void> {
  const kit = Object.fromEntries(
    [...tarballs].filter(([name]) => name === '@comics/core' || name === '@comics/react').map(([name, file]) => [name, `file:${file}`]),
  )
  const pinned = async (names: readonly string[]) =>
    Object.fromEntries(await Promise.all(names.map(async (name) => [name, await installedVersion(root, name)] as const)))
  const manifest = {
    name: 'comics-kit-next-consumer',
    private: true,
    dependencies: { ...kit, next: NEXT_VERSION, ...(await pinned(['react', 'react-dom', '@tanstack/react-query'])) },
    devDependencies: await pinned(['typescript', '@types/react', '@types/react-dom', '@types/node']),
    pnpm: { overrides: kit },
  }
  await cp(NEXT_TEMPLATE, nextDir, { recursive: true })
  await writeFile(join(nextDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  // What `next build` writes, written first so that tsc sees Next's types (and its CSS modules) before a build.
  await writeFile(join(nextDir, 'next-env.d.ts'), '/// <reference types="next" />\n/// <reference types="next/image-types/global" />\n')
}

/**
 * `pnpm install` from the registry (the store makes it quick), then checks that each kit package is
 * installed once, from its tarball, at the released version.
 */
export async function installConsumerApp(appDir: string, version: string, tarballs: ReadonlyMap<string, string>): Promise<void> {
  await runCommand('pnpm', ['install', '--prefer-offline', '--no-frozen-lockfile', '--ignore-workspace', '--reporter=append-only'], {
    cwd: appDir,
    timeoutMs: 300_000,
  })
  const store = await readdir(join(appDir, 'node_modules', '.pnpm'))
  for (const name of tarballs.keys()) {
    assert.equal((await readManifest(join(appDir, 'node_modules', name))).version, version, `${name} must be installed at ${version}`)
    const copies = store.filter((entry) => entry.startsWith(`${name.replace('/', '+')}@`))
    assert.equal(copies.length, 1, `${name} must be installed once, from its tarball; found ${copies.join(', ')}`)
    assert.ok(copies[0]!.includes('file+'), `${name} must come from its tarball, not the registry (found ${copies[0]})`)
  }
}

/** The JavaScript file of a package's binary in the app, to run with this Node and stop by its own id. */
export async function binaryOf(appDir: string, pkg: string, bin: string): Promise<string> {
  const folder = join(appDir, 'node_modules', pkg)
  const manifest = await readManifest(folder)
  const path = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[bin]
  if (!path) throw new Error(`${pkg} has no ${bin} binary`)
  return join(folder, path)
}

/** The browser worker of MSW in public/, as a partner sets it up (`msw init`). */
export async function initMockServiceWorker(appDir: string): Promise<void> {
  await runCommand(process.execPath, [await binaryOf(appDir, 'msw', 'msw'), 'init', 'public', '--no-save'], { cwd: appDir })
  const worker = await readFile(join(appDir, 'public', 'mockServiceWorker.js'), 'utf8')
  assert.ok(worker.includes('Mock Service Worker'), 'msw init must write public/mockServiceWorker.js')
}

/** `tsc --noEmit` of the app's sources against the declarations the tarballs ship. */
export async function typecheckConsumerApp(appDir: string): Promise<void> {
  await runCommand(process.execPath, [await binaryOf(appDir, 'typescript', 'tsc'), '--noEmit', '-p', 'tsconfig.json'], { cwd: appDir })
}

/** `next build` (production, no telemetry). */
export async function buildNextApp(nextDir: string): Promise<void> {
  await runCommand(process.execPath, [await binaryOf(nextDir, 'next', 'next'), 'build'], {
    cwd: nextDir,
    env: { ...process.env, NO_COLOR: '1', NEXT_TELEMETRY_DISABLED: '1' },
    timeoutMs: 600_000,
  })
}

export async function buildConsumerApp(appDir: string): Promise<void> {
  await runCommand(process.execPath, [await binaryOf(appDir, 'vite', 'vite'), 'build'], { cwd: appDir, env: { ...process.env, NO_COLOR: '1' } })
}
