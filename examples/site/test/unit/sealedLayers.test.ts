import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Layers sealed: the examples and the scripts use the kit as its consumers do, through the packages'
// names and their exports (the built dist/), never by a path into a package's sources. The site's unit
// project runs this check for the whole workspace.
const workspaceRoot = fileURLToPath(new URL('../../../../', import.meta.url))
const CHECKED_FOLDERS = ['examples', 'scripts']
const CODE_FILE = /\.(?:[cm]?[jt]sx?|html|css)$/

/** A path spelled into a package's sources (packages, a package's name, src), however it is reached. */
const SOURCES_PATH = /(?:^|[/\\])packages[/\\][^/\\'"`]+[/\\]src(?:[/\\]|$)/
const STRING_LITERAL = /(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g
/** A package's name, from which its folder can be found (require.resolve of its package.json). */
const PACKAGE_NAME = /^@comics\/[^/]+/
/** A path under a package's folder into its sources: 'src', 'src/index.ts', './src/…'. */
const INTO_SRC = /^(?:\.\/)?src(?:\/|$)/

/** The lines of `source` (a file at `file`) that spell or reach a path into `packages/*\/src`. */
export function pathsIntoPackageSources(file: string, source: string, root = workspaceRoot): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = []
  source.split('\n').forEach((text, index) => {
    const literals = [...text.matchAll(STRING_LITERAL)].map(([, , literal = '']) => literal)
    // A package's folder found by its name, then its src/ joined to it.
    if (literals.some((literal) => PACKAGE_NAME.test(literal)) && literals.some((literal) => INTO_SRC.test(literal))) {
      found.push({ line: index + 1, text: text.trim() })
      return
    }
    for (const literal of literals) {
      const reached = literal.startsWith('.') ? relative(root, resolve(dirname(file), literal)) : ''
      if (SOURCES_PATH.test(literal) || (reached && !reached.startsWith('..') && SOURCES_PATH.test(reached.split(sep).join('/')))) {
        found.push({ line: index + 1, text: text.trim() })
        return
      }
    }
  })
  return found
}

function checkedFiles(): string[] {
  // Tracked and new files alike, without what .gitignore leaves out (node_modules, dist, test results).
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...CHECKED_FOLDERS], {
    cwd: workspaceRoot,
    encoding: 'utf8',
  })
  return listed
    .split('\n')
    .filter((path) => CODE_FILE.test(path) && !path.split('/').some((part) => part === 'node_modules' || part.startsWith('dist')))
    .map((path) => join(workspaceRoot, path))
}

describe('sealed layers', () => {
  it('finds a path into a package source however it is spelled', () => {
    const file = join(workspaceRoot, 'examples/site/vite.config.ts')
    // Spelled in pieces, so that this file does not hold what it looks for.
    const into = (name: string, rest: string) => ['packages', name, 'src', rest].join('/')
    const spelled = [
      `import { endpoints } from '../../${into('core', 'contract/endpoints')}'`,
      `const dir = fromRoot("${into('react', 'components')}")`,
      'import.meta.glob(`../../' + into('react', 'components/*/*.css') + '`)',
      `@import '../../${into('react', 'styles/base.css')}';`,
      `join(kitPackageDir('@comics/react'), '${['src', 'index.ts'].join('/')}')`,
      `resolve(dirname(require.resolve('@comics/core/package.json')), '${['src', 'rules'].join('/')}')`,
    ]
    for (const line of spelled) expect(pathsIntoPackageSources(file, line), line).toHaveLength(1)
    const allowed = [
      `import { endpoints } from '@comics/core/contract'`,
      `import { freePort } from '@comics/test-stack/freePort'`,
      `import { SIGNED_IN_COOKIE } from './src/app/documentMarks'`,
    ]
    for (const line of allowed) expect(pathsIntoPackageSources(file, line), line).toEqual([])
  })

  it('nothing under examples/ or scripts/ imports or reads packages/*/src by path', () => {
    const files = checkedFiles()
    expect(files.length).toBeGreaterThan(50)
    const offences = files.flatMap((file) =>
      pathsIntoPackageSources(file, readFileSync(file, 'utf8')).map(({ line, text }) => `${relative(workspaceRoot, file)}:${line}: ${text}`),
    )
    expect(offences).toEqual([])
  })
})
