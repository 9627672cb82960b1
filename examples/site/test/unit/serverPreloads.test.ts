import { describe, expect, it } from 'vitest'
import { createPreloads, type BuildManifest } from '../../src/server/preloads'
import { screenModules } from '../../src/server/renderLanding'

const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'], css: ['assets/index-1.css'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  'src/screens/ReaderScreen.tsx': { file: 'assets/ReaderScreen-1.js', isDynamicEntry: true, imports: ['_shared-1.js', '_reader-1.js'] },
  '_reader-1.js': { file: 'assets/reader-1.js', css: ['assets/reader-1.css', 'assets/index-1.css'] },
  'src/screens/HomeScreen.tsx': { file: 'assets/HomeScreen-1.js', isDynamicEntry: true, imports: ['_shared-1.js'] },
  '../../node_modules/.pnpm/axios@1.21.1/node_modules/axios/index.js': { file: 'assets/index-2.js', isDynamicEntry: true, imports: ['_axios-deps-1.js'] },
  '_axios-deps-1.js': { file: 'assets/axios-deps-1.js' },
  '../../packages/core/dist/endpointContract-4562NFDA.js': { file: 'assets/endpointContract-1.js', isDynamicEntry: true, imports: ['index.html', '_zod-1.js', '_shared-1.js'] },
  '_zod-1.js': { file: 'assets/zod-1.js' },
}

describe("the server's preloads, from the build's manifest", () => {
  const preloadsFor = createPreloads(manifest, ['src/screens/ReaderScreen.tsx', 'src/screens/HomeScreen.tsx'])

  it("preloads the screen's chunks and stylesheets the entry does not load, and nothing for another address", () => {
    expect(preloadsFor({ screen: 'src/screens/ReaderScreen.tsx', callsFirst: false })).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/reader-1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/ReaderScreen-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/reader-1.js">',
    ])
    expect(preloadsFor({ screen: undefined, callsFirst: false })).toEqual([])
  })

  it("adds the kit's HTTP client and its contract checks when the page makes its first calls itself", () => {
    expect(preloadsFor({ screen: 'src/screens/HomeScreen.tsx', callsFirst: true })).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/HomeScreen-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/index-2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/axios-deps-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/endpointContract-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/zod-1.js">',
    ])
  })

  it('refuses a build whose manifest lacks a screen or the HTTP client', () => {
    expect(() => createPreloads(manifest, ['src/screens/Missing.tsx'])).toThrow(/Missing\.tsx/)
    const withoutAxios = Object.fromEntries(Object.entries(manifest).filter(([key]) => !key.includes('axios/')))
    expect(() => createPreloads(withoutAxios, [])).toThrow(/axios/)
    const withoutContract = Object.fromEntries(Object.entries(manifest).filter(([key]) => !key.includes('endpointContract')))
    expect(() => createPreloads(withoutContract, [])).toThrow(/endpointContract/)
  })

  it("knows every lazy screen's module by the path of a file that exists", async () => {
    const { existsSync } = await import('node:fs')
    const modules = screenModules()
    expect(modules.length).toBeGreaterThanOrEqual(15)
    for (const module of modules) expect(existsSync(new URL(`../../${module}`, import.meta.url)), module).toBe(true)
  })
})
