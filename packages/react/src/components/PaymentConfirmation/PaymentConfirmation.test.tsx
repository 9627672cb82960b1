import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createMockState, settleMockCheckout, type MockState } from '@comics/mocks'
import { renderWithKit } from '../../../test/render'
import { AccountBenefits } from '../AccountBenefits'
import { PaymentConfirmation } from './PaymentConfirmation'

/** A checkout of the signed-in reader ('free'), as the checkout call opens it. */
function openCheckout(state: MockState, status: MockState['checkouts'][number]['status']) {
  state.checkouts.push({
    id: 'checkout-test',
    userId: 'user-reader',
    planId: '4weeks',
    level: 2,
    urlSuccess: 'http://localhost/account?checkout=checkout-test',
    status,
    amount: 1349,
    subscriptionId: null,
  })
}

describe('PaymentConfirmation', () => {
  it('shows Payment processing… until the provider confirms, then the membership turns active without a reload', async () => {
    const state = createMockState()
    openCheckout(state, 'processing')
    renderWithKit(
      <>
        <PaymentConfirmation checkoutId="checkout-test" />
        <AccountBenefits />
      </>,
      { viewer: 'free', mocks: { state } },
    )
    expect(await screen.findByText('Payment processing…')).toBeInTheDocument()
    const benefits = screen.getByRole('region', { name: 'YOUR BENEFITS' })
    expect(await within(benefits).findByText("YOU DON'T HAVE MEMBERSHIP")).toBeInTheDocument()
    expect(state.subscriptions.filter((s) => s.userId === 'user-reader' && s.status === 'active')).toEqual([])

    settleMockCheckout(state, 'checkout-test', 'paid')
    expect(await screen.findByText('Payment received: your membership is active.', {}, { timeout: 4000 })).toBeInTheDocument()
    expect(await within(benefits).findByRole('heading', { level: 3, name: 'Premium · 4 weeks' })).toBeInTheDocument()
  })

  it('says a declined card was declined and leads back to the plans', async () => {
    const state = createMockState()
    openCheckout(state, 'declined')
    const { user, navigate } = renderWithKit(<PaymentConfirmation checkoutId="checkout-test" />, { viewer: 'free', mocks: { state } })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your card was declined, so nothing was charged.')
    await user.click(within(alert).getByRole('link', { name: 'Choose a plan and try again' }))
    expect(navigate).toHaveBeenCalledWith('/premium')
    expect(state.subscriptions.filter((s) => s.userId === 'user-reader' && s.status === 'active')).toEqual([])
  })

  it('shows nothing without a checkout', () => {
    const { container } = renderWithKit(<PaymentConfirmation checkoutId={undefined} />, { viewer: 'free' })
    expect(container).toBeEmptyDOMElement()
  })
})
