import { defineConfig } from 'vitest/config'

// End-to-end tests of the site in Debian's Chromium against the whole stack: the Auth emulator, the
// reference API on PGlite in a temporary folder and the built site on its production server (src/server/main.ts), all started
// by the global setup and stopped by their process ids. One file at a time: they share one browser-facing
// stack and the machine has few cores.
export default defineConfig({
  test: {
    name: 'site-e2e',
    root: import.meta.dirname,
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['@comics/test-stack/global-setup'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
    teardownTimeout: 60_000,
    // A poll waits for the page, not a fixed time: the whole test run shares the machine with the stack
    // and Chromium, and an answer 1 s late (Vitest's default) is load, not a failure.
    expect: { poll: { timeout: 10_000 } },
  },
})
