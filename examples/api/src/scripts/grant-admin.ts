import { loadConfig } from '../config'

// pnpm --filter api grant-admin EMAIL: sets the custom claim `admin: true` on that account (keeping its
// other claims). Against the Auth emulator by default (FIREBASE_AUTH_EMULATOR_HOST); with credentials
// (GOOGLE_APPLICATION_CREDENTIALS) and no emulator host, against the real project.
const email = process.argv[2]
if (!email || !email.includes('@')) {
  console.error('Usage: grant-admin EMAIL')
  process.exit(2)
}
const config = loadConfig()
if (config.firebaseAuthEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebaseAuthEmulatorHost
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
