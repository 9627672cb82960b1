import type { TestProject } from 'vitest/node'
import { startAuthEmulator } from './start-auth-emulator'

declare module 'vitest' {
  export interface ProvidedContext {
    /** '127.0.0.1:9099': the Auth emulator of this test run. */
    authEmulatorHost: string
  }
}

/**
 * Vitest globalSetup: one Auth emulator per test run (or the one already running), its host given to
 * tests as `inject('authEmulatorHost')` and FIREBASE_AUTH_EMULATOR_HOST; stops only what it started.
 * The port is 9099 unless AUTH_EMULATOR_PORT says otherwise.
 * @example
 * // vitest.config.ts
 * test: { globalSetup: ['@comics/auth-emulator/global-setup'] }
 */
export default async function setup(project: TestProject) {
  const emulator = await startAuthEmulator()
  project.provide('authEmulatorHost', emulator.host)
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host
  return () => emulator.stop()
}
