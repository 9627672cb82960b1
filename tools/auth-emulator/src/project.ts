/** The demo project the local Auth emulator serves: `demo-` ids need no credentials and reach no cloud. */
export const AUTH_EMULATOR_PROJECT = 'demo-comics'

/** The port of the root `firebase.json` and of `pnpm emulators`. */
export const AUTH_EMULATOR_DEFAULT_PORT = 9099

/** Base URL of an emulator host such as '127.0.0.1:9099'. */
export const emulatorUrl = (host: string) => `http://${host}`
