import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { cp, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { runCommand } from './commands'

export interface WorkspacePackage {
  name: string
  version: string
  /** Absolute folder in the real checkout. */
  path: string
  private: boolean
}

interface Manifest {
  name: string
  version: string
  private?: boolean
  files?: string[]
  bin?: string | Record<string, string>
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const
/** What a package's build reads: a newer file here than the oldest file of dist means dist is stale. */
const BUILD_INPUTS = ['src', 'scripts', 'tsup.config.ts', 'package.json']

export const readManifest = async (folder: string): Promise<Manifest> =>
  JSON.parse(await readFile(join(folder, 'package.json'), 'utf8')) as Manifest

/** Every package of the pnpm workspace (not the root), as pnpm itself lists them. */
export async function listWorkspacePackages(root: string): Promise<WorkspacePackage[]> {
  const listed = JSON.parse(await runCommand('pnpm', ['ls', '-r', '--depth', '-1', '--json'], { cwd: root })) as {
    name: string
    version?: string
    path: string
    private?: boolean
  }[]
  return listed
    .filter((entry) => resolve(entry.path) !== resolve(root))
    .map((entry) => ({ name: entry.name, version: entry.version ?? '0.0.0', path: entry.path, private: entry.private === true }))
}

async function mtimes(path: string, pick: (a: number, b: number) => number): Promise<number | undefined> {
  if (!existsSync(path)) return undefined
  const info = await stat(path)
  if (!info.isDirectory()) return info.mtimeMs
  let found: number | undefined
  for (const entry of await readdir(path)) {
    if (entry === 'node_modules') continue
    const time = await mtimes(join(path, entry), pick)
    if (time !== undefined) found = found === undefined ? time : pick(found, time)
  }
  return found
}

/**
 * Publishable packages whose dist is missing or older than a source file, a build script, the manifest
 * or the dist of a package it builds on (a `workspace:` dependency of any kind: @comics/embed bundles
 * @comics/react and its stylesheet), and those that build on a stale one.
 */
export async function staleBuilds(packages: readonly WorkspacePackage[]): Promise<WorkspacePackage[]> {
  const dependenciesOf = new Map<WorkspacePackage, WorkspacePackage[]>()
  for (const pkg of packages) {
    const manifest = await readManifest(pkg.path)
    const names = new Set(
      DEPENDENCY_FIELDS.flatMap((field) => Object.entries(manifest[field] ?? {}).filter(([, spec]) => spec.startsWith('workspace:'))).map(([name]) => name),
    )
    dependenciesOf.set(pkg, packages.filter((candidate) => names.has(candidate.name)))
  }
  const stale = new Set<WorkspacePackage>()
  for (const pkg of packages) {
    const built = await mtimes(join(pkg.path, 'dist'), Math.min)
    const inputs = await Promise.all([
      ...BUILD_INPUTS.map((input) => mtimes(join(pkg.path, input), Math.max)),
      ...dependenciesOf.get(pkg)!.map((dependency) => mtimes(join(dependency.path, 'dist'), Math.max)),
    ])
    const newestInput = Math.max(...inputs.map((time) => time ?? 0))
    if (built === undefined || newestInput > built) stale.add(pkg)
  }
  for (let grew = true; grew; ) {
    grew = false
    for (const pkg of packages) {
      if (stale.has(pkg) || !dependenciesOf.get(pkg)!.some((dependency) => stale.has(dependency))) continue
      stale.add(pkg)
      grew = true
    }
  }
  return packages.filter((pkg) => stale.has(pkg))
}

/**
 * A workspace in `folder` that `changeset version` and `pnpm pack` treat as the real one, without
 * touching the checkout: the root manifest, pnpm-workspace.yaml, .changeset, every package's manifest
 * (changesets checks its `ignore` list against them), and for the publishable packages what they
 * publish (`files`, README, LICENSE). `workspace:` dependencies are linked as `pnpm install` would, so
 * that `pnpm pack` can replace them by the released version.
 */
export async function copyWorkspace(root: string, packages: readonly WorkspacePackage[], folder: string): Promise<void> {
  await cp(join(root, 'package.json'), join(folder, 'package.json'))
  await cp(join(root, 'pnpm-workspace.yaml'), join(folder, 'pnpm-workspace.yaml'))
  await cp(join(root, '.changeset'), join(folder, '.changeset'), { recursive: true })
  const copyOf = (pkg: WorkspacePackage) => join(folder, relative(root, pkg.path))
  for (const pkg of packages) {
    const target = copyOf(pkg)
    await mkdir(target, { recursive: true })
    await cp(join(pkg.path, 'package.json'), join(target, 'package.json'))
    if (pkg.private) continue
    const manifest = await readManifest(pkg.path)
    const published = [...(manifest.files ?? []), ...(await readdir(pkg.path)).filter((name) => /^(readme|license|licence)/i.test(name))]
    for (const entry of published) {
      if (existsSync(join(pkg.path, entry))) await cp(join(pkg.path, entry), join(target, entry), { recursive: true })
    }
    for (const field of DEPENDENCY_FIELDS) {
      for (const [name, spec] of Object.entries(manifest[field] ?? {})) {
        if (!spec.startsWith('workspace:')) continue
        const dependency = packages.find((candidate) => candidate.name === name)
        if (!dependency) throw new Error(`${pkg.name} depends on ${name} (${spec}), which is not a workspace package`)
        const link = join(target, 'node_modules', name)
        if (existsSync(link)) continue
        await mkdir(dirname(link), { recursive: true })
        await symlink(relative(dirname(link), copyOf(dependency)), link, 'dir')
      }
    }
  }
}

/** The next minor version of a plain `major.minor.patch`. */
export function nextMinor(version: string): string {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version)
  if (!match) throw new Error(`Cannot bump ${version}: the smoke test expects a plain major.minor.patch version`)
  return `${match[1]}.${Number(match[2]) + 1}.0`
}

const CHANGESET_SUMMARY = 'Consumer smoke test release: every @comics package moves to the same version.'

/**
 * Adds a changeset that bumps one publishable package (a minor) and runs `changeset version` in the
 * copy. The fixed group must carry every publishable package to the same new version with a
 * changelog entry; private packages keep theirs; the changeset is consumed. Answers the new version.
 */
export async function versionWithChangesets(root: string, folder: string, packages: readonly WorkspacePackage[]): Promise<string> {
  const publishable = packages.filter((pkg) => !pkg.private)
  const current = [...new Set(publishable.map((pkg) => pkg.version))]
  assert.equal(current.length, 1, `the fixed group's packages must share one version before a release, found ${current.join(', ')}`)
  const expected = nextMinor(current[0]!)
  const bumped = publishable.map((pkg) => pkg.name).sort().at(-1)!

  const changeset = join(folder, '.changeset', 'consumer-smoke-release.md')
  await writeFile(changeset, `---\n"${bumped}": minor\n---\n\n${CHANGESET_SUMMARY}\n`)
  const cli = dirname(createRequire(join(root, 'package.json')).resolve('@changesets/cli/package.json'))
  const cliManifest = await readManifest(cli)
  const bin = typeof cliManifest.bin === 'string' ? cliManifest.bin : cliManifest.bin?.['changeset']
  if (!bin) throw new Error('@changesets/cli has no changeset binary')
  await runCommand(process.execPath, [join(cli, bin), 'version'], { cwd: folder })

  assert.ok(!existsSync(changeset), 'changeset version must consume the changeset')
  for (const pkg of packages) {
    const copy = join(folder, relative(root, pkg.path))
    const { version } = await readManifest(copy)
    if (pkg.private) {
      assert.equal(version, pkg.version, `${pkg.name} is private and must keep its version`)
      continue
    }
    assert.equal(version, expected, `${pkg.name} must move with the fixed group to ${expected}`)
    const changelog = await readFile(join(copy, 'CHANGELOG.md'), 'utf8')
    assert.ok(changelog.startsWith(`# ${pkg.name}\n\n## ${expected}\n`), `${pkg.name}'s CHANGELOG.md must open with ${expected}`)
    if (pkg.name === bumped) assert.ok(changelog.includes(CHANGESET_SUMMARY), `${pkg.name}'s CHANGELOG.md must hold the changeset's summary`)
  }
  return expected
}

/**
 * `pnpm pack` of each publishable package of the copy. Each tarball's manifest must carry the new
 * version and no `workspace:` range: what npm would serve a partner. Answers name → tarball path.
 */
export async function packPackages(
  root: string,
  folder: string,
  packages: readonly WorkspacePackage[],
  version: string,
  destination: string,
): Promise<Map<string, string>> {
  const tarballs = new Map<string, string>()
  for (const pkg of packages.filter((candidate) => !candidate.private)) {
    const cwd = join(folder, relative(root, pkg.path))
    const packed = JSON.parse(await runCommand('pnpm', ['pack', '--json', '--pack-destination', destination], { cwd })) as { filename: string }
    const manifest = JSON.parse(await runCommand('tar', ['-xzOf', packed.filename, 'package/package.json'], { cwd })) as Manifest
    assert.equal(manifest.version, version, `${pkg.name}'s tarball must carry ${version}`)
    for (const field of DEPENDENCY_FIELDS) {
      for (const [name, spec] of Object.entries(manifest[field] ?? {})) {
        assert.ok(!spec.startsWith('workspace:'), `${pkg.name}'s tarball still has ${field} ${name}@${spec}`)
        if (field === 'dependencies' && packages.some((candidate) => candidate.name === name)) {
          assert.equal(spec, version, `${pkg.name}'s tarball must depend on ${name}@${version}`)
        }
      }
    }
    tarballs.set(pkg.name, packed.filename)
  }
  return tarballs
}
