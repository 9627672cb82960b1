import { useState } from 'react'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { PaymentMethod } from '@comics/core'
import { createMockState } from '@comics/mocks'
import { renderWithKit } from '../../../test/render'
import { mockHandlers, server } from '../../../test/server'
import { PaymentMethodSelect } from './PaymentMethodSelect'

function Controlled({ onChange }: { onChange?: (method: PaymentMethod) => void }) {
  const [method, setMethod] = useState<PaymentMethod | null>(null)
  return (
    <PaymentMethodSelect
      value={method?.paymentSystem}
      onChange={(picked) => {
        setMethod(picked)
        onChange?.(picked)
      }}
    />
  )
}

const combobox = () => screen.getByRole('combobox', { name: 'Select payment method' })

describe('PaymentMethodSelect', () => {
  it('is a native select of the deposit methods only, under Method and Order currency', async () => {
    renderWithKit(<Controlled />, { viewer: 'free' })
    const select = await screen.findByRole('combobox', { name: 'Select payment method' })
    // The browser's own listbox: type-ahead, Home/End and the option scrolled into view come with it.
    expect(select.tagName).toBe('SELECT')
    expect(select).toHaveValue('')
    const group = within(select).getByRole('group', { name: 'Method — Order currency' })
    expect(within(group).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Visa / Mastercard — USD, EUR',
      'Bitcoin — USD',
      'USDT (TRC20) — USD',
    ])
    // The placeholder shows until a method is picked and cannot be picked itself.
    expect(within(select).getByRole('option', { name: 'Select payment method' })).toBeDisabled()
    expect(screen.queryByText(/Card payout/)).not.toBeInTheDocument()
    expect(screen.queryByText(/Bank transfer payout/)).not.toBeInTheDocument()
  })

  it('hands the picked method to onChange and shows it', async () => {
    const onChange = vi.fn()
    const { user } = renderWithKit(<Controlled onChange={onChange} />, { viewer: 'free' })
    await user.selectOptions(await screen.findByRole('combobox'), 'Bitcoin — USD')
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ paymentSystem: 'btc', type: 'deposit' }))
    expect(combobox()).toHaveValue('btc')
    expect(screen.getByRole('option', { name: 'Bitcoin — USD' })).toHaveProperty('selected', true)
  })

  it("takes a partner's column and option formats", async () => {
    renderWithKit(<Controlled />, {
      viewer: 'free',
      messages: { 'payment.methodColumns': '{method} | {orderCurrency}', 'payment.methodOption': '{method} ({currencies})' },
    })
    expect(await screen.findByRole('group', { name: 'Method | Order currency' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'Visa / Mastercard (USD, EUR)' })).toBeInTheDocument()
  })

  it('shows a loading status, then the control', async () => {
    renderWithKit(<Controlled />, { viewer: 'free', mocks: { latencyMs: { listPaymentSystems: 50 } } })
    expect(screen.getByRole('status')).toHaveTextContent('Loading…')
    expect(await screen.findByRole('combobox')).toBeInTheDocument()
  })

  it('shows a failed load with a retry that loads the methods again', async () => {
    const state = createMockState()
    const { user } = renderWithKit(<Controlled />, { viewer: 'free', mocks: { state, errors: { listPaymentSystems: 500 } } })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Something went wrong. Please try again.')
    server.use(...mockHandlers({ state }))
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(combobox()).toBeInTheDocument())
  })
})
