import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// A workspace-level check that lives with the site's Node tests: the README's size budgets table is
// `.size-limit.cjs`, entry for entry (name and limit, in order), so a budget added, renamed or moved
// in one place and not the other fails here.
const workspaceRoot = join(import.meta.dirname, '../../../..')

interface Budget {
  name: string
  limit: string
}

/**
 * The rows of the table under the `## Size budgets` heading of a Markdown text (header and rule left
 * out); a name may be written as a code span (as `<comics-reader>` must be to show).
 */
function budgetsTableOf(markdown: string): Budget[] {
  const section = /^## Size budgets\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(markdown)?.[1]
  if (section === undefined) throw new Error('No "## Size budgets" section')
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()))
  const [header, rule, ...body] = rows
  if (!header || !rule || !rule.every((cell) => /^:?-+:?$/.test(cell))) throw new Error('The size budgets section has no table')
  return body.map(([name = '', limit = '']) => ({ name: name.replace(/^`(.*)`$/, '$1'), limit }))
}

const configured = (): Budget[] =>
  (createRequire(import.meta.url)(join(workspaceRoot, '.size-limit.cjs')) as { name: string; limit: string }[]).map(({ name, limit }) => ({
    name,
    limit,
  }))

describe('the size budgets table', () => {
  it("reads a table's rows under its heading and nothing after the next section", () => {
    const markdown = '# Kit\n\n## Size budgets\n\nText.\n\n| Budget | Limit |\n|---|---|\n| a: one | 2 kB |\n| `b: <b-el>` | 10 kB |\n\n## Next\n\n| x | y |\n'
    expect(budgetsTableOf(markdown)).toEqual([
      { name: 'a: one', limit: '2 kB' },
      { name: 'b: <b-el>', limit: '10 kB' },
    ])
    expect(() => budgetsTableOf('# Kit\n')).toThrow('No "## Size budgets" section')
  })

  it('in the README is .size-limit.cjs, every budget with its name and limit, in order', () => {
    const budgets = configured()
    expect(budgets.length).toBeGreaterThan(0)
    expect(budgetsTableOf(readFileSync(join(workspaceRoot, 'README.md'), 'utf8'))).toEqual(budgets)
  })
})
