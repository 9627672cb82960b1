import type { Browser } from 'playwright'

/** Debian's Chromium, as the machine has it (no browser download works here); CHROMIUM_PATH overrides it. */
export declare const CHROMIUM_PATH: string
/** The flags every test and script runs Chromium with: no sandbox (root in a container), no GPU, no background traffic. */
export declare const CHROMIUM_FLAGS: string[]
/** Debian's Chromium, headless, with the flags above and any `extraFlags`. */
export declare function launchChromium(extraFlags?: readonly string[]): Promise<Browser>
