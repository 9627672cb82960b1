import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import type { MockState } from '@comics/mocks'
import { kitOf } from '../../../../../.storybook/stories'
import { ComicCarousel } from './ComicCarousel'

const meta = {
  title: 'Home/ComicCarousel',
  component: ComicCarousel,
} satisfies Meta<typeof ComicCarousel>

export default meta
type Story = StoryObj<typeof meta>

/** 'Something New': the host's newest comics; a card click records the click and opens the comic. */
export const Default: Story = {
  play: async (context) => {
    const { canvas } = context
    const cards = await canvas.findAllByRole('group')
    await expect(cards.length).toBeGreaterThan(0)
    await userEvent.click(canvas.getByRole('link', { name: 'Read more new comics in Categories' }))
    await expect(kitOf(context).navigate).toHaveBeenCalledWith('/categories')
  },
}

/** The adult host's newest comics. */
export const AdultHost: Story = {
  globals: { siteMode: 'adult' },
}

/** Next moves a whole view; previous is disabled at the start. */
export const NextAndPrevious: Story = {
  play: async ({ canvas }) => {
    await canvas.findAllByRole('group')
    await expect(canvas.getByRole('button', { name: 'Previous slide' })).toBeDisabled()
  },
}

/** The comics never arrive. */
export const Loading: Story = {
  parameters: { kit: { mocks: { latencyMs: { listComics: 'infinite' } } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading…')
  },
}

/** Loading holds the cards' place: the carousel is as tall before the comics arrive as after. */
export const LoadsWithoutMoving: Story = {
  parameters: { kit: { mocks: { latencyMs: { listComics: 300 } } } },
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Something New' })
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading…')
    const loading = region.getBoundingClientRect().height
    await canvas.findAllByRole('group')
    await expect(region.getBoundingClientRect().height).toBe(loading)
  },
}

/** No comic on this host yet. */
export const Empty: Story = {
  parameters: {
    kit: {
      prepareState: (state: MockState) => {
        state.comics = []
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No new comics yet')).toBeVisible()
  },
}

/** The comics fail to load: an alert with a retry. */
export const Error: Story = {
  parameters: { kit: { mocks: { errors: { listComics: 500 } } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong')
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
}
