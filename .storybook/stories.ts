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
