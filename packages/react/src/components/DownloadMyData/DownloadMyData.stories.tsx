import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { DownloadMyData } from './DownloadMyData'

const meta = {
  title: 'Account/DownloadMyData',
  component: DownloadMyData,
  globals: { viewer: 'level1' },
} satisfies Meta<typeof DownloadMyData>

export default meta
type Story = StoryObj<typeof meta>

/** What it offers: the description and the button. */
export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/A copy of what we hold about you/)).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Download my data' })).toBeEnabled()
  },
}

/** The export is on its way: the button says so and waits. */
export const Preparing: Story = {
  parameters: { kit: { mocks: { latencyMs: { exportMyData: 'infinite' } } } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download my data' }))
    await expect(canvas.getByRole('button', { name: 'Preparing your data…' })).toBeDisabled()
  },
}

/** The service fails: said so, and the button stays to try again. */
export const Failed: Story = {
  parameters: { kit: { mocks: { errors: { exportMyData: 500 } } } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download my data' }))
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('Your data could not be prepared. Please try again.'))
    await expect(canvas.getByRole('button', { name: 'Download my data' })).toBeEnabled()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
}
