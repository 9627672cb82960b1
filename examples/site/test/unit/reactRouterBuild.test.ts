import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { reactRouterProductionAlias } from '../../reactRouterBuild'

describe("the production build's React Router", () => {
  it('is the package entry and its DOM entry, resolved to their production build with the dev warnings off', () => {
    const [entryAlias, domAlias] = reactRouterProductionAlias()
    const { find, replacement } = entryAlias as { find: RegExp; replacement: string }
    expect(find.test('react-router')).toBe(true)
    expect(find.test('react-router/dom')).toBe(false)
    expect(replacement).toMatch(/react-router[/\\]dist[/\\]production[/\\]index\.mjs$/)
    const dom = domAlias as { find: RegExp; replacement: string }
    expect(dom.find.test('react-router/dom')).toBe(true)
    expect(dom.find.test('react-router')).toBe(false)
    // Both from the same folder: the framework's browser entry shares the build's contexts.
    expect(dirname(dom.replacement)).toBe(dirname(replacement))
    // The entry re-exports a chunk of the same folder, where the flag is set.
    const entry = readFileSync(replacement, 'utf8')
    const chunks = [...entry.matchAll(/from\s+"\.\/(chunk-[\w-]+\.mjs)"/g)].map((match) => match[1]!)
    expect(chunks.length).toBeGreaterThan(0)
    const flags = chunks
      .map((chunk) => readFileSync(join(dirname(replacement), chunk), 'utf8').match(/var ENABLE_DEV_WARNINGS = (\w+);/)?.[1])
      .filter((flag) => flag !== undefined)
    expect(flags).toEqual(['false'])
  })
})
