import { closeSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The file in which the run that started the emulator leaves its process group for the last run using it. */
const HANDOVER_FILE = 'handover.json'
/** Held (created exclusively) by the one run that is spawning an emulator on the port. */
const SPAWN_LOCK_FILE = 'spawn.lock'

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const readFileSafely = (path: string) => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}

export interface HandedOverEmulator {
  groupId: number
  /** The emulator's temporary folder (config and log), removed once it is stopped. */
  folder: string
}

export interface EmulatorLease {
  /** Ends this run's use of the emulator. */
  release(): void
  /** True while another live run holds a lease on the same port. */
  othersAlive(): boolean
  /** The run that started the emulator leaves its process group (and its files) to the last run still using it. */
  handOver(emulator: HandedOverEmulator): void
  /** What the run that started the emulator handed over, if anything; taking it clears it. */
  takeHandedOver(): HandedOverEmulator | null
  /**
   * Takes the right to spawn the emulator, so two runs starting at once do not both spawn one. Returns
   * the release function, or null while a live run holds it.
   */
  trySpawnLock(): (() => void) | null
}

/**
 * Who is using the emulator on a port, across test runs of the same machine: each run that starts or
 * reuses it holds a lease, a file named after its PID. When the run that started the emulator finishes
 * while other runs still use it, it hands its process group over instead of killing it, and the last of
 * those runs stops it. Emulators nobody started through the harness (`pnpm emulators`) are never handed
 * over, so never stopped.
 */
export function leaseEmulator(port: number): EmulatorLease {
  const folder = join(tmpdir(), `comics-auth-emulator-${port}.leases`)
  mkdirSync(folder, { recursive: true })
  const name = `${process.pid}-${Math.random().toString(36).slice(2)}.lease`
  writeFileSync(join(folder, name), '')
  const handover = join(folder, HANDOVER_FILE)

  return {
    release: () => rmSync(join(folder, name), { force: true }),
    othersAlive() {
      let entries: string[]
      try {
        entries = readdirSync(folder)
      } catch {
        return false
      }
      return entries.some((entry) => {
        if (entry === name || !entry.endsWith('.lease')) return false
        const pid = Number(entry.split('-')[0])
        if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return true
        rmSync(join(folder, entry), { force: true }) // left by a run that died
        return false
      })
    },
    handOver(emulator) {
      writeFileSync(handover, JSON.stringify(emulator))
    },
    trySpawnLock() {
      const lock = join(folder, SPAWN_LOCK_FILE)
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          const fd = openSync(lock, 'wx')
          writeSync(fd, String(process.pid))
          closeSync(fd)
          return () => rmSync(lock, { force: true })
        } catch {
          const holder = Number(readFileSafely(lock))
          if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) return null
          rmSync(lock, { force: true }) // left by a run that died while spawning
        }
      }
      return null
    },
    takeHandedOver() {
      try {
        const { groupId, folder: emulatorFolder } = JSON.parse(readFileSync(handover, 'utf8')) as Partial<HandedOverEmulator>
        rmSync(handover, { force: true })
        const valid = typeof groupId === 'number' && Number.isInteger(groupId) && groupId > 1 && typeof emulatorFolder === 'string'
        return valid ? { groupId, folder: emulatorFolder } : null
      } catch {
        return null
      }
    },
  }
}
