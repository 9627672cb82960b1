import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithKit } from '../../../test/render'
import { PaymentForm } from './PaymentForm'

const continueButton = () => screen.getByRole('button', { name: 'Continue' })

describe('PaymentForm', () => {
  it('shows Complete Your Purchase and the back link Select another package to /premium', async () => {
    const { user, navigate } = renderWithKit(<PaymentForm planId="1week" />, { viewer: 'free' })
    expect(screen.getByRole('heading', { level: 1, name: 'Complete Your Purchase' })).toBeInTheDocument()
    const back = screen.getByRole('link', { name: 'Select another package' })
    expect(back).toHaveAttribute('href', '/premium')
    await user.click(back)
    expect(navigate).toHaveBeenCalledWith('/premium')
  })

  it('keeps Continue disabled until a method is selected, then records payment_continue_clicked only', async () => {
    const onContinue = vi.fn()
    const { user, events, navigate, redirect } = renderWithKit(<PaymentForm planId="12weeks" onContinue={onContinue} />, {
      viewer: 'free',
    })
    expect(continueButton()).toBeDisabled()
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Select payment method' }), 'Visa / Mastercard — USD, EUR')
    expect(continueButton()).toBeEnabled()
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
    expect(continueButton()).toBeDisabled()
    await user.click(continueButton())
    expect(events).toEqual([])
  })
})
