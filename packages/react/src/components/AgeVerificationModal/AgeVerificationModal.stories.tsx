import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { kitOf, page } from '../../../../../.storybook/stories'
import { AgeVerificationModal } from './AgeVerificationModal'

const meta = {
  title: 'Modals/AgeVerificationModal',
  component: AgeVerificationModal,
  globals: { siteMode: 'adult' },
  args: { otherSiteUrl: 'https://comics.example/' },
} satisfies Meta<typeof AgeVerificationModal>

export default meta
type Story = StoryObj<typeof meta>

/** The age gate of the adult host before an answer: it cannot be closed with Escape. */
export const AgeGate: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement)
    await body.findByRole('dialog', { name: 'Are you over the age of 18?' })
    await userEvent.keyboard('{Escape}')
    await expect(body.getByRole('dialog')).toBeVisible()
  },
}

/** Yes is remembered and closes the gate. */
export const AnswerYes: Story = {
  play: async (context) => {
    const body = page(context.canvasElement)
    await userEvent.click(await body.findByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull())
    await expect(kitOf(context).stores.ageGate.getSnapshot()).toBe(true)
  },
}

/** No leaves for the other main site. */
export const AnswerNo: Story = {
  play: async (context) => {
    const body = page(context.canvasElement)
    await userEvent.click(await body.findByRole('button', { name: 'No' }))
    await expect(kitOf(context).redirect).toHaveBeenCalledWith('https://comics.example/')
  },
}

/** Already answered Yes: no gate. */
export const AlreadyVerified: Story = {
  parameters: { kit: { ageVerified: true } },
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).queryByRole('dialog')).toBeNull()
  },
}

/** The normal host has no age gate. */
export const NormalHost: Story = {
  globals: { siteMode: 'normal' },
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).queryByRole('dialog')).toBeNull()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
}
