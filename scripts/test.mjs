#!/usr/bin/env node
// Every test of the workspace, in the order that fails fastest: system prerequisites, type check,
// package builds, package lint (publint, attw), size budgets, the consumer smoke test of the release
// (scripts/consumer-smoke: changeset version, pnpm pack, then a Vite app, a plain HTML page with
// <comics-reader> and a Next.js App Router app read an episode on the tarballs in Chromium), then
// every Vitest project (vitest.workspace.ts: unit, Auth emulator, API on PGlite and on PostgreSQL), then
// the production topology run for real (scripts/topology: two API instances, the site server, nginx).
//
// The type check runs beside the package build (it reads the sources, never a package's dist). The Vitest
// projects run in one process: two side by side were tried twice and the machine's two cores, not the
// order, bound the run (docs/decisions.md, "The test run's time").
import { spawn, spawnSync } from 'node:child_process'
import { createInterface } from 'node:readline'
import { ensureSystemPackages } from './system-packages.mjs'

const steps = [
  [
    'type check, build packages',
    [
      ['typecheck', 'pnpm', ['typecheck']],
      ['build', 'pnpm', ['build']],
    ],
  ],
  ['lint packages (publint, attw)', 'pnpm', ['lint:packages']],
  ['size budgets', 'pnpm', ['size']],
  ['consumer smoke test (changeset version, pnpm pack; Vite app, plain HTML embed, Next.js read an episode)', 'pnpm', ['exec', 'tsx', 'scripts/consumer-smoke/run.ts']],
  // The default reporter, and when each project ran (scripts/test-timeline.ts).
  ['tests', 'pnpm', ['exec', 'vitest', 'run', '--config', 'vitest.workspace.ts', '--reporter=default', '--reporter=./scripts/test-timeline.ts']],
  // Incremental: only the mutants whose code or covering tests changed since the committed report
  // (reports/mutation/core-rules.incremental.json) run; the score is of every mutant, and below 90 % fails.
  ['mutation testing of core\'s rules (incremental, break at 90 %)', 'pnpm', ['mutation:rules']],
  ['two API instances behind nginx (scripts/topology: PostgreSQL, site server, failover, rolling restart, soak and fuzz)', 'pnpm', ['exec', 'tsx', 'scripts/topology/run.ts']],
]

/** Runs one command with its lines prefixed by its label; resolves with its exit code and its seconds. */
function runLabelled(label, command, args) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`))
    }
    child.on('error', (error) => {
      console.log(`[${label}] ${error.message}`)
      resolve({ label, status: 1, seconds: (Date.now() - started) / 1000 })
    })
    child.on('close', (status) => resolve({ label, status: status ?? 1, seconds: (Date.now() - started) / 1000 }))
  })
}

ensureSystemPackages()

const results = []
for (const [name, command, args] of steps) {
  const started = Date.now()
  let ok
  if (Array.isArray(command)) {
    console.log(`\n▶ ${name}: ${command.map(([label, cmd, cmdArgs]) => `[${label}] ${cmd} ${cmdArgs.join(' ')}`).join('  ‖  ')}`)
    const runs = await Promise.all(command.map(([label, cmd, cmdArgs]) => runLabelled(label, cmd, cmdArgs)))
    for (const run of runs) console.log(`  ${run.status === 0 ? 'ok  ' : 'FAIL'} [${run.label}] (${run.seconds.toFixed(1)} s)`)
    ok = runs.every((run) => run.status === 0)
  } else {
    console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`)
    ok = spawnSync(command, args, { stdio: 'inherit', env: process.env }).status === 0
  }
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) })
  if (!ok) break
}

console.log('\nSummary')
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`)
const failed = results.filter((r) => !r.ok).length
console.log(`steps: ${results.length - failed} passed, ${failed} failed`)
process.exit(failed === 0 && results.length === steps.length ? 0 : 1)
