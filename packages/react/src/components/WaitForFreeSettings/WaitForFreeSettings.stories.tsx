import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { WaitForFreeSettings } from './WaitForFreeSettings'

const COMIC = '4'

/** The admin's setting of a comic's wait for a free episode (off by default). */
const meta = {
  title: 'Admin/WaitForFreeSettings',
  component: WaitForFreeSettings,
  globals: { viewer: 'admin' },
  args: { comicId: COMIC },
} satisfies Meta<typeof WaitForFreeSettings>

export default meta
type Story = StoryObj<typeof meta>

/** The admin sets a comic's wait. */
export const Setting: Story = {
  globals: { viewer: 'admin' },
  play: async ({ canvas }) => {
    const hours = await canvas.findByLabelText('Wait in hours (0: off)')
    await waitFor(() => expect(hours).toHaveValue('0'))
    await userEvent.clear(hours)
    await userEvent.type(hours, '24')
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }))
    await expect(await canvas.findByRole('status')).toHaveTextContent('Saved.')
  },
}

/** The admin typed something that is not a wait: said so, nothing sent. */
export const Invalid: Story = {
  globals: { viewer: 'admin' },
  play: async ({ canvas }) => {
    const hours = await canvas.findByLabelText('Wait in hours (0: off)')
    await waitFor(() => expect(hours).toHaveValue('0'))
    await userEvent.clear(hours)
    await userEvent.type(hours, '1.5')
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }))
    await expect(canvas.getByRole('alert')).toHaveTextContent('Enter whole hours from 0 to 336 and a whole number of episodes.')
  },
}
