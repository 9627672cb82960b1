import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { availableParallelism, loadavg, totalmem } from 'node:os'

export interface Machine {
  cores: number
  cpuModel: string
  memoryGb: number
  chromium: string
  node: string
  loadAverage: number[]
}

/** What the figures were measured on. */
export function describeMachine(): Machine {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8')
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? 'unknown'
  let chromium = 'unknown'
  try {
    chromium = execFileSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).trim()
  } catch {
    /* reported as unknown */
  }
  return {
    cores: availableParallelism(),
    cpuModel: model,
    memoryGb: Math.round(totalmem() / 1e9),
    chromium,
    node: process.version,
    loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
  }
}
