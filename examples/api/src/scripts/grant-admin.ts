import { loadConfig } from '../config'

// pnpm --filter api grant-admin EMAIL: sets the custom claim `admin: true` on that account (keeping its
// other claims). Against the Auth emulator named by FIREBASE_AUTH_EMULATOR_HOST, or the local one at
// 127.0.0.1:9099 when no credentials are given; with credentials (GOOGLE_APPLICATION_CREDENTIALS) and no
// emulator host, against the real project. (Unlike the server, which trusts an emulator only when asked:
// this command writes to the accounts, it trusts no token.)
const email = process.argv[2]
if (!email || !email.includes('@')) {
  console.error('Usage: grant-admin EMAIL')
  process.exit(2)
}
const config = loadConfig()
const emulatorHost = config.firebaseAuthEmulatorHost ?? (process.env.GOOGLE_APPLICATION_CREDENTIALS ? undefined : '127.0.0.1:9099')
if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost
const { initializeApp } = await import('firebase-admin/app')
const { getAuth } = await import('firebase-admin/auth')
const auth = getAuth(initializeApp({ projectId: config.firebaseProjectId }))
try {
  const user = await auth.getUserByEmail(email)
  await auth.setCustomUserClaims(user.uid, { ...user.customClaims, admin: true })
  console.log(`${email} (${user.uid}) is now an admin. New ID tokens carry the claim; sign in again to get one.`)
} catch (error) {
  console.error(`Could not grant admin to ${email}: ${(error as Error).message}`)
  process.exit(1)
}
