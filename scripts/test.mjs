#!/usr/bin/env node
// Every test of the workspace, in the order that fails fastest: system prerequisites, type check,
// package builds, package lint (publint, attw), size budgets, the consumer smoke test of the release
// (scripts/consumer-smoke: changeset version, pnpm pack, then a Vite app, a plain HTML page with
// <comics-reader> and a Next.js App Router app read an episode on the tarballs in Chromium), then
// every Vitest project (vitest.workspace.ts: unit, Auth emulator, API on PGlite and on PostgreSQL), then
// the production topology run for real (scripts/topology: two API instances, the site server, nginx).
import { spawnSync } from 'node:child_process'
import { ensureSystemPackages } from './system-packages.mjs'

const steps = [
  ['type check', 'pnpm', ['typecheck']],
  ['build packages', 'pnpm', ['build']],
  ['lint packages (publint, attw)', 'pnpm', ['lint:packages']],
  ['size budgets', 'pnpm', ['size']],
  ['consumer smoke test (changeset version, pnpm pack; Vite app, plain HTML embed, Next.js read an episode)', 'pnpm', ['exec', 'tsx', 'scripts/consumer-smoke/run.ts']],
  ['tests', 'pnpm', ['exec', 'vitest', 'run', '--config', 'vitest.workspace.ts']],
  ['two API instances behind nginx (scripts/topology: PostgreSQL, site server, failover, rolling restart, soak and fuzz)', 'pnpm', ['exec', 'tsx', 'scripts/topology/run.ts']],
]

ensureSystemPackages()

const results = []
for (const [name, command, args] of steps) {
  const started = Date.now()
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`)
  const run = spawnSync(command, args, { stdio: 'inherit', env: process.env })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  results.push({ name, ok: run.status === 0, seconds })
  if (run.status !== 0) break
}

console.log('\nSummary')
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`)
const failed = results.filter((r) => !r.ok).length
console.log(`steps: ${results.length - failed} passed, ${failed} failed`)
process.exit(failed === 0 && results.length === steps.length ? 0 : 1)
