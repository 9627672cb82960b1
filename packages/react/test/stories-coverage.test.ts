import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as kit from '../src/index'

const componentsDir = join(import.meta.dirname, '../src/components')

/** PascalCase function exports that are not components with stories of their own. */
const NOT_STORY_COMPONENTS = new Set([
  // The provider wraps every story (.storybook/kit.tsx); it has no story of its own.
  'ComicsProvider',
])

const components = Object.entries(kit)
  .filter(([name, value]) => /^[A-Z][A-Za-z0-9]*$/.test(name) && typeof value === 'function')
  .map(([name]) => name)
  .filter((name) => !NOT_STORY_COMPONENTS.has(name))

describe('Storybook coverage of @comics/react', () => {
  it('finds the components among the exports', () => {
    expect(components).toEqual(expect.arrayContaining(['Reader', 'PlanSelector', 'TopBar']))
  })

  it.each(components)('%s has stories next to it (src/components/%s/%s.stories.tsx)', (name) => {
    const file = join(componentsDir, name, `${name}.stories.tsx`)
    expect(existsSync(file), `missing ${file}`).toBe(true)
    // The stories are of this component: autodocs reads its props from the meta's `component`.
    expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`component: ${name}\\b`))
  })
})
