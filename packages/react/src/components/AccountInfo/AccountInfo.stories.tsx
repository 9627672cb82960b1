import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { MOCK_VIEWERS } from '@comics/mocks'
import type { ComicsStores } from '../../provider'
import { AccountInfo } from './AccountInfo'

const meta = {
  title: 'Account/AccountInfo',
  component: AccountInfo,
  globals: { viewer: 'free' },
  args: { onChangePassword: fn() },
} satisfies Meta<typeof AccountInfo>

export default meta
type Story = StoryObj<typeof meta>

/** A password-first account: email, the masked password and Change Password. */
export const PasswordAccount: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('reader@comics.test')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Change Password' }))
    await expect(args.onChangePassword).toHaveBeenCalled()
  },
}

/** First signed in with Google: no password row. */
export const SocialAccount: Story = {
  parameters: {
    kit: {
      setup: ({ session }: ComicsStores) => {
        const user = MOCK_VIEWERS.reader.user!
        session.set(
          { ...user, providerData: [{ providerId: 'google.com', uid: 'g-1', email: user.email, displayName: user.displayName }] },
          MOCK_VIEWERS.reader.token!,
        )
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Change Password' })).toBeNull()
  },
}

/** A phone-number account shows the number. */
export const PhoneAccount: Story = {
  parameters: {
    kit: {
      setup: ({ session }: ComicsStores) => {
        const user = MOCK_VIEWERS.reader.user!
        session.set(
          { ...user, email: null, phoneNumber: '+1 555 0100', providerData: [{ providerId: 'phone', uid: 'p-1', email: null, displayName: null }] },
          MOCK_VIEWERS.reader.token!,
        )
      },
    },
  },
}
