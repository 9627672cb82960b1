import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { kitOf } from '../../../../../.storybook/stories'
import { FeaturedCarousel } from './FeaturedCarousel'

const meta = {
  title: 'Home/FeaturedCarousel',
  component: FeaturedCarousel,
} satisfies Meta<typeof FeaturedCarousel>

export default meta
type Story = StoryObj<typeof meta>

const activeSlide = (canvasElement: HTMLElement) =>
  canvasElement.querySelector('.comics-featured__slide[data-state="active"]')?.getAttribute('aria-label')

/** The normal host's 3 featured comics (the site config's list). */
export const NormalHost: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('link', { name: 'Read now' })).toHaveLength(3)
  },
}

/** The adult host's list. */
export const AdultHost: Story = {
  globals: { siteMode: 'adult' },
}

/** Next, previous and the dots move between slides; Read now records the click and opens the comic. */
export const NextAndPrevious: Story = {
  play: async (context) => {
    const { canvas, canvasElement } = context
    await waitFor(() => expect(activeSlide(canvasElement)).toBe('1 of 3'))
    await userEvent.click(canvas.getByRole('button', { name: 'Next slide' }))
    await waitFor(() => expect(activeSlide(canvasElement)).toBe('2 of 3'))
    await userEvent.click(canvas.getByRole('button', { name: 'Previous slide' }))
    await waitFor(() => expect(activeSlide(canvasElement)).toBe('1 of 3'))
    await userEvent.click(canvas.getByRole('button', { name: 'Go to slide 3' }))
    await waitFor(() => expect(activeSlide(canvasElement)).toBe('3 of 3'))
    await userEvent.click(canvas.getAllByRole('link', { name: 'Read now' })[0]!)
    await expect(kitOf(context).navigate).toHaveBeenCalledTimes(1)
    await expect(kitOf(context).events.map((event) => event.name)).toContain('carousel_clicked')
  },
}

/** No featured comics: nothing is rendered. */
export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.comics-featured')).toBeNull()
  },
}

/** At 768px and below the mobile image is used. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
}

export const PartnerTheme: Story = {
  globals: { theme: 'partner' },
}
