import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createMockState } from '@comics/mocks'
import { renderWithKit } from '../../../test/render'
import { PaymentForm } from './PaymentForm'

const continueButton = () => screen.getByRole('button', { name: 'Continue' })
const terms = () => screen.getByRole('checkbox', { name: 'I have read and agree to the Terms and Conditions and Privacy Policy' })

describe('PaymentForm', () => {
  it('shows Complete Your Purchase and the back link Select another package to /premium', async () => {
    const { user, navigate } = renderWithKit(<PaymentForm planId="1week" />, { viewer: 'free' })
    expect(screen.getByRole('heading', { level: 1, name: 'Complete Your Purchase' })).toBeInTheDocument()
    const back = screen.getByRole('link', { name: 'Select another package' })
    expect(back).toHaveAttribute('href', '/premium')
    await user.click(back)
    expect(navigate).toHaveBeenCalledWith('/premium')
  })

  it('keeps Continue disabled until a method is selected and the terms are ticked, saying which is missing', async () => {
    const { user } = renderWithKit(<PaymentForm planId="12weeks" />, { viewer: 'free' })
    expect(continueButton()).toBeDisabled()
    expect(continueButton()).toHaveAccessibleDescription('Select a payment method to continue')
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Select payment method' }), 'Visa / Mastercard — USD, EUR')
    expect(continueButton()).toBeDisabled()
    expect(continueButton()).toHaveAccessibleDescription('Accept the terms to continue')
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms-of-use')
    await user.click(terms())
    expect(continueButton()).toBeEnabled()
    expect(continueButton()).not.toHaveAccessibleDescription()
  })

  it('Continue records payment_continue_clicked, then starts the checkout of the plan and goes to the provider', async () => {
    const state = createMockState()
    const { user, events, redirect, navigate } = renderWithKit(<PaymentForm planId="12weeks" />, { viewer: 'free', mocks: { state } })
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Select payment method' }), 'Visa / Mastercard — USD, EUR')
    await user.click(terms())
    await user.click(continueButton())
    expect(events).toEqual([{ name: 'payment_continue_clicked', params: { planId: '12weeks', paymentSystem: 'card' } }])
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1))
    expect(state.checkouts).toHaveLength(1)
    expect(state.checkouts[0]).toMatchObject({ level: 3, planId: '12weeks' })
    expect(redirect.mock.calls[0]![0]).toMatch(/^https:\/\/checkout\.comics-mocks\.invalid\/pay\//)
    expect(navigate).not.toHaveBeenCalled()
  })

  it('with onContinue, records the event and hands over the selection instead of starting a checkout', async () => {
    const onContinue = vi.fn()
    const { user, events, navigate, redirect } = renderWithKit(<PaymentForm planId="12weeks" onContinue={onContinue} />, {
      viewer: 'free',
    })
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Select payment method' }), 'Visa / Mastercard — USD, EUR')
    await user.click(terms())
    await user.click(continueButton())
    expect(events).toEqual([{ name: 'payment_continue_clicked', params: { planId: '12weeks', paymentSystem: 'card' } }])
    expect(onContinue).toHaveBeenCalledWith({
      plan: expect.objectContaining({ id: '12weeks' }),
      method: expect.objectContaining({ paymentSystem: 'card' }),
    })
    expect(navigate).not.toHaveBeenCalled()
    expect(redirect).not.toHaveBeenCalled()
  })

  it('keeps Continue disabled for an unknown plan, even with a method', async () => {
    const { user, events } = renderWithKit(<PaymentForm planId="3days" />, { viewer: 'free' })
    await user.selectOptions(await screen.findByRole('combobox'), 'Bitcoin — USD')
    await user.click(terms())
    expect(continueButton()).toBeDisabled()
    await user.click(continueButton())
    expect(events).toEqual([])
  })
})
