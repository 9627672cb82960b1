// Plain JavaScript (its types in chromium.d.ts): Vitest's and Vite's config files import it, and Node
// loads a config's package imports as they are, without compiling TypeScript.
import { chromium } from 'playwright'

/** Debian's Chromium, as the machine has it (no browser download works here); CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** The flags every test and script runs Chromium with: no sandbox (root in a container), no GPU, no background traffic. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Debian's Chromium, headless, with the flags above and any `extraFlags`.
 * @param {readonly string[]} [extraFlags]
 * @returns {Promise<import('playwright').Browser>}
 */
export function launchChromium(extraFlags = []) {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless=new', ...CHROMIUM_FLAGS, ...extraFlags] })
}
