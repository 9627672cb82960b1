import type { StoryContext } from '@storybook/react-vite'
import { within } from 'storybook/test'
import type { StoryKit } from './kit'

export type { KitParameters, StoryKit } from './kit'

/** The kit the loader built for this story: its navigate and redirect spies, stores and events. */
export function kitOf(context: Pick<StoryContext, 'loaded'>): StoryKit {
  const kit = context.loaded.kit as StoryKit | undefined
  if (!kit) throw new Error('No story kit: the preview loader builds it for every story.')
  return kit
}

/** Queries over the whole page: dialogs render in a portal on document.body, outside the canvas. */
export const page = (canvasElement: HTMLElement): ReturnType<typeof within> => within(canvasElement.ownerDocument.body)

/** The browser's real input, given to play functions by the story tests' setup (vitest.setup.ts). */
export interface BrowserInput {
  keyboard(keys: string): Promise<void>
  wheel(element: Element, deltaY: number): Promise<void>
  viewport(width: number, height: number): Promise<void>
}

const browserInput = () => (globalThis as { comicsBrowserInput?: BrowserInput }).comicsBrowserInput

/**
 * Presses keys with the browser's real keyboard (Playwright's, in the story tests), for what only the
 * browser acts on: a native select's type-ahead, Home and End. Resolves to false where there is none
 * (the Storybook UI), so a play function can skip what it cannot press.
 * @example if (await realKeys('{End}')) await expect(select).toHaveValue('usdt_trc20')
 */
export async function realKeys(keys: string): Promise<boolean> {
  const input = browserInput()
  if (!input) return false
  await input.keyboard(keys)
  return true
}

/**
 * Turns the real mouse wheel over an element (the story tests only; false elsewhere), which scrolls
 * what the browser would scroll for a reader.
 */
export async function realWheel(element: Element, deltaY: number): Promise<boolean> {
  const input = browserInput()
  if (!input) return false
  await input.wheel(element, deltaY)
  return true
}

/**
 * Resizes the test browser's window (the story tests only; false elsewhere, where the story's `viewport`
 * global sizes the frame), for a layout that follows a media query. A play function gives the desktop's
 * size back when it is done.
 */
export async function realViewport(width: number, height: number): Promise<boolean> {
  const input = browserInput()
  if (!input) return false
  await input.viewport(width, height)
  return true
}
