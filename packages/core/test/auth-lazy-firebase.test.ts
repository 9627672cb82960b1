import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'

// Records whether the Firebase SDK is ever loaded; the real modules are returned unchanged.
const loaded = vi.hoisted(() => new Set<string>())
vi.mock('firebase/app', async (importOriginal) => {
  loaded.add('firebase/app')
  return importOriginal()
})
vi.mock('firebase/auth', async (importOriginal) => {
  loaded.add('firebase/auth')
  return importOriginal()
})

const sourceRoot = fileURLToPath(new URL('../src', import.meta.url))
const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(folder, entry.name)) : entry.name.endsWith('.ts') ? [join(folder, entry.name)] : [],
  )

describe('Firebase is loaded only when auth is first used', () => {
  it('importing @comics/core, creating the service and rejecting an unknown provider load nothing', async () => {
    const core = await import('@comics/core')
    const { createFirebaseAuth } = await import('@comics/core/firebase')
    const session = core.createSessionStore(core.createMemoryStorage())
    const auth = createFirebaseAuth({ firebase: { apiKey: 'demo-api-key', projectId: 'demo-comics' }, session, appName: 'lazy-test' })
    await expect(auth.signInWithProvider('github' as never)).rejects.toThrow('Unsupported provider')
    expect(auth.isSignInLink('https://comics.example/?mode=signIn&oobCode=c&apiKey=k')).toBe(true)
    expect(loaded.size).toBe(0)

    await auth.start()
    expect([...loaded].sort()).toEqual(['firebase/app', 'firebase/auth'])
    await auth.dispose()
  })

  it('keeps every firebase import in src/auth/firebase.ts, where it is dynamic', () => {
    const importing = sourceFiles(sourceRoot).filter((file) => /['"]firebase(\/[\w-]+)?['"]/.test(readFileSync(file, 'utf8')))
    expect(importing.map((file) => relative(sourceRoot, file))).toEqual([join('auth', 'firebase.ts')])
    const adapter = readFileSync(join(sourceRoot, 'auth', 'firebase.ts'), 'utf8')
    const staticValueImports = adapter.match(/^import\s+(?!type\b)[^\n]*from\s+['"]firebase[^'"]*['"]/gm) ?? []
    expect(staticValueImports).toEqual([])
    expect(adapter).toMatch(/import\('firebase\/auth'\)/)
  })
})
