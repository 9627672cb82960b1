import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createMockState } from '@comics/mocks'
import { useAuthModal } from '../../hooks'
import { renderWithKit, type KitViewer } from '../../../test/render'
import { AccountBenefits } from './AccountBenefits'

const benefits = () => screen.getByRole('region', { name: 'YOUR BENEFITS' })
const longDate = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(iso))

function ModalProbe() {
  const { isOpen, mode } = useAuthModal()
  return <output aria-label="auth modal">{isOpen ? mode : 'closed'}</output>
}

describe('AccountBenefits', () => {
  it.each<KitViewer>(['guest', 'free'])("tells %s YOU DON'T HAVE MEMBERSHIP and offers Become a Member", async (viewer) => {
    const { user, navigate } = renderWithKit(
      <>
        <AccountBenefits />
        <ModalProbe />
      </>,
      { viewer },
    )
    expect(await within(benefits()).findByText("YOU DON'T HAVE MEMBERSHIP")).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel auto-renewal' })).not.toBeInTheDocument()
    const become = screen.getByRole('link', { name: 'Become a Member' })
    expect(become).toHaveAttribute('href', '/premium')
    await user.click(become)
    if (viewer === 'guest') {
      // A guest is told to sign in, not sent to /premium, which would send them home.
      expect(screen.getByRole('status', { name: 'auth modal' })).toHaveTextContent('sign-in')
      expect(navigate).not.toHaveBeenCalled()
    } else {
      expect(navigate).toHaveBeenCalledWith('/premium')
      expect(screen.getByRole('status', { name: 'auth modal' })).toHaveTextContent('closed')
    }
  })

  it.each<[KitViewer, string]>([
    ['level1', 'Premium · 1 week'],
    ['level2', 'Premium · 4 weeks'],
    ['level3', 'Premium · 12 weeks'],
  ])('shows %s the membership and Upgrade Plan → /premium', async (viewer, title) => {
    const { user, navigate } = renderWithKit(<AccountBenefits />, { viewer })
    expect(await within(benefits()).findByRole('heading', { level: 3, name: title })).toBeInTheDocument()
    expect(within(benefits()).getByText('Unlimited access to more than 3000 episodes')).toBeInTheDocument()
    expect(screen.queryByText("YOU DON'T HAVE MEMBERSHIP")).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Become a Member' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Upgrade Plan' }))
    expect(navigate).toHaveBeenCalledWith('/premium')
    expect(screen.getByRole('button', { name: 'Cancel auto-renewal' })).toBeEnabled()
  })

  it("writes the access-until date in the provider's locale", async () => {
    renderWithKit(<AccountBenefits />, { viewer: 'level4', locale: 'de-DE' })
    expect(await within(benefits()).findByText('Access until 31. Dezember 2099')).toBeInTheDocument()
  })

  it('shows level 4 the membership without a button, and until when a cancelled one lasts', async () => {
    renderWithKit(<AccountBenefits locale="en-US" />, { viewer: 'level4' })
    expect(await within(benefits()).findByRole('heading', { level: 3, name: 'Premium · 24 weeks' })).toBeInTheDocument()
    expect(within(benefits()).queryByRole('link')).not.toBeInTheDocument()
    expect(within(benefits()).queryByRole('button')).not.toBeInTheDocument()
    // The level 4 fixture is already cancelled: auto-renew off, access to the period end.
    expect(within(benefits()).getByText(`Access until ${longDate('2099-12-31T00:00:00.000Z')}`)).toBeInTheDocument()
    expect(within(benefits()).getByText('Auto-renewal is off: your membership will not renew.')).toBeInTheDocument()
  })

  it('asks first, says until when access stays, and changes nothing when the reader keeps auto-renewal', async () => {
    const state = createMockState()
    const { user } = renderWithKit(<AccountBenefits locale="en-US" />, { viewer: 'level2', mocks: { state } })
    await user.click(await screen.findByRole('button', { name: 'Cancel auto-renewal' }))
    const prompt = `Turn off auto-renewal? Your membership stays until ${longDate('2099-12-31T00:00:00.000Z')}, then ends.`
    const confirm = screen.getByRole('group', { name: prompt })
    const keep = within(confirm).getByRole('button', { name: 'Keep auto-renewal' })
    await waitFor(() => expect(keep).toHaveFocus())
    await user.click(keep)
    expect(screen.queryByRole('group', { name: prompt })).not.toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel auto-renewal' })).toHaveFocus())
    expect(state.subscriptions.find((s) => s.id === 'sub-level2-1')).toMatchObject({ autoRenew: true })
  })

  it('cancels auto-renewal on the server once confirmed, then shows until when access lasts and that it will not renew', async () => {
    const state = createMockState()
    const { user } = renderWithKit(<AccountBenefits locale="en-US" />, { viewer: 'level2', mocks: { state } })
    expect(await within(benefits()).findByText(`Renews on ${longDate('2099-12-31T00:00:00.000Z')}`)).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Cancel auto-renewal' }))
    await user.click(screen.getByRole('button', { name: 'Turn off auto-renewal' }))
    expect(await within(benefits()).findByText('Auto-renewal is off: your membership will not renew.')).toBeInTheDocument()
    expect(within(benefits()).queryByText(/^Renews on/)).not.toBeInTheDocument()
    expect(within(benefits()).getByText(`Access until ${longDate('2099-12-31T00:00:00.000Z')}`)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel auto-renewal' })).not.toBeInTheDocument()
    expect(state.subscriptions.find((s) => s.id === 'sub-level2-1')).toMatchObject({ status: 'active', autoRenew: false })
    // Access stays: the membership and its upgrade are still there.
    expect(within(benefits()).getByRole('heading', { level: 3, name: 'Premium · 4 weeks' })).toBeInTheDocument()
  })

  it('says it renews once more when cancelled under 24 hours before the period end', async () => {
    const state = createMockState()
    const periodEnd = new Date(Date.now() + 2 * 3_600_000).toISOString()
    state.subscriptions.find((s) => s.id === 'sub-level3-1')!.currentPeriodEnd = periodEnd
    const { user } = renderWithKit(<AccountBenefits locale="en-US" />, { viewer: 'level3', mocks: { state } })
    await user.click(await screen.findByRole('button', { name: 'Cancel auto-renewal' }))
    await user.click(screen.getByRole('button', { name: 'Turn off auto-renewal' }))
    expect(
      await within(benefits()).findByText(
        'Cancelled less than 24 hours before the period end: it renews once more, then stops.',
      ),
    ).toBeInTheDocument()
    expect(within(benefits()).getByText(`Access until ${longDate(periodEnd)}`)).toBeInTheDocument()
  })

  it('shows a failed cancellation and keeps the action to try again', async () => {
    const { user } = renderWithKit(<AccountBenefits />, { viewer: 'level1', mocks: { errors: { cancelSubscription: 500 } } })
    await user.click(await screen.findByRole('button', { name: 'Cancel auto-renewal' }))
    await user.click(screen.getByRole('button', { name: 'Turn off auto-renewal' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel auto-renewal' })).toHaveFocus())
    // Asking again clears the failure.
    await user.click(screen.getByRole('button', { name: 'Cancel auto-renewal' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Turn off auto-renewal' })).toBeEnabled()
  })

  it('tells a reader whose renewal payment failed that the membership stays until the period end, then ends', async () => {
    const state = createMockState()
    const subscription = state.subscriptions.find((s) => s.id === 'sub-level2-1')!
    Object.assign(subscription, { autoRenew: false, renewalFailed: true })
    renderWithKit(<AccountBenefits locale="en-US" />, { viewer: 'level2', mocks: { state } })
    expect(await within(benefits()).findByText('Your renewal payment failed: your membership stays until the end of this period, then ends.')).toBeInTheDocument()
    expect(within(benefits()).getByText(`Access until ${longDate(subscription.currentPeriodEnd!)}`)).toBeInTheDocument()
  })
})
