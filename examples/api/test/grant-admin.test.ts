import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { signIn } from '@comics/auth-emulator'
import { expect, inject, it } from 'vitest'
import { createAccount } from './support/accounts'

const run = promisify(execFile)
const packageRoot = fileURLToPath(new URL('..', import.meta.url))
const claimsOf = (idToken: string) => JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>

it('grant-admin EMAIL sets the admin claim that new ID tokens carry', async () => {
  const host = inject('authEmulatorHost')
  const account = await createAccount('reader')
  expect(claimsOf(account.idToken).admin).toBeUndefined()
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/scripts/grant-admin.ts', account.email], {
    cwd: packageRoot,
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: host },
  })
  expect(stdout).toContain('is now an admin')
  const { idToken } = await signIn(host, account.email, 'secret-123')
  expect(claimsOf(idToken).admin).toBe(true)
})

it('grant-admin refuses an unknown account with a non-zero exit', async () => {
  const failure = await run(process.execPath, ['--import', 'tsx', 'src/scripts/grant-admin.ts', 'nobody-here@example.com'], {
    cwd: packageRoot,
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost') },
  }).catch((error: { code: number; stderr: string }) => error)
  expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining('Could not grant admin to nobody-here@example.com') })
})
