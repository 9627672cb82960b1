import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const workspaceRoot = fileURLToPath(new URL('../../..', import.meta.url))

/** The README's way to become admin: the API's grant-admin script against the emulator at `emulatorHost`. Resolves on its output. */
export async function grantAdmin(email: string, emulatorHost: string): Promise<string> {
  const { stdout } = await promisify(execFile)('pnpm', ['--filter', 'api', 'grant-admin', email], {
    cwd: workspaceRoot,
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost },
  })
  return stdout
}
