import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'

const DOM_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location'] as const
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
const coreEntry = fileURLToPath(new URL('../src/index.ts', import.meta.url))

/**
 * Loads the core's sources in a fresh Node process (TypeScript through tsx's require hook, so every
 * module loaded lands in `require.cache`) with a trap on each DOM global that records when code of the
 * core reads it. Then calls `createBrowserStorage()`, which does read `window`, to prove the trap works.
 */
const probe = `
const traps = ${JSON.stringify(DOM_GLOBALS)}
const touched = []
for (const name of traps) {
  if (name in globalThis) continue
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      const caller = (new Error().stack || '').split('\\n')[2] || ''
      if (caller.includes('/packages/core/src/')) touched.push(name)
      return undefined
    },
  })
}
const core = require(${JSON.stringify(coreEntry)})
const atImport = [...touched]
core.createBrowserStorage()
const afterCall = [...touched]
setTimeout(() => {
  const loaded = Object.keys(require.cache)
  process.stdout.write(JSON.stringify({
    atImport,
    afterCall,
    react: loaded.filter((id) => /[\\\\/]node_modules[\\\\/](\\.pnpm[\\\\/])?(react|react-dom)[@\\\\/]/.test(id)),
    coreFiles: loaded.filter((id) => id.includes('/packages/core/src/')).map((id) => id.split('/packages/core/src/')[1]),
  }))
}, 50)
`

describe('@comics/core in Node', () => {
  it('imports without a DOM and defines no DOM global', async () => {
    for (const name of DOM_GLOBALS.slice(0, 3)) expect(name in globalThis).toBe(false)
    vi.resetModules()
    const core = await import('@comics/core')
    for (const name of DOM_GLOBALS.slice(0, 3)) expect(name in globalThis).toBe(false)
    // What needs the browser is reached only when called, and then falls back to memory.
    const storage = core.createBrowserStorage()
    storage.setItem('lastReadComics', '["7"]')
    expect(core.createProgressStore(storage).getSnapshot().lastReadComics).toEqual(['7'])
  })

  it('touches no DOM global at import and loads no React module', () => {
    const require = createRequire(import.meta.url)
    const tsxCjs = require.resolve('tsx/cjs', { paths: [repoRoot] })
    const output = execFileSync(process.execPath, ['--require', tsxCjs, '-e', probe], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 60_000,
    })
    const result = JSON.parse(output) as {
      atImport: string[]
      afterCall: string[]
      react: string[]
      coreFiles: string[]
    }
    expect(result.atImport).toEqual([])
    expect(result.react).toEqual([])
    // The probe did load the whole core and its trap does see a read of `window` by core code.
    expect(result.coreFiles).toEqual(
      expect.arrayContaining([
        'index.ts',
        'rules/episodes.ts',
        'site/host.ts',
        'stores/progress.ts',
        'forms/card-number.ts',
        'analytics/tracker.ts',
      ]),
    )
    expect(result.afterCall).toContain('window')
  }, 60_000)
})
