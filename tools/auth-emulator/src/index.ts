// Test harness over the Firebase Auth emulator, shared by the test suites of the workspace.
export { AUTH_EMULATOR_DEFAULT_PORT, AUTH_EMULATOR_PROJECT } from './project'
export { authEmulatorPortFromEnv, startAuthEmulator, type RunningAuthEmulator } from './start-auth-emulator'
export { clearAccounts, createUser, setCustomClaims, signIn, type SignedInAccount } from './accounts'
export { oobCodes, type OobCode } from './oob-codes'
