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
  it('lists the deposit methods only, with their order currencies under Method and Order currency', async () => {
    const { user } = renderWithKit(<Controlled />, { viewer: 'free' })
    await user.click(await screen.findByRole('combobox', { name: 'Select payment method' }))
    expect(combobox()).toHaveAttribute('aria-expanded', 'true')
    const options = within(screen.getByRole('listbox', { name: 'Select payment method' })).getAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual([
      'Visa / Mastercard USD, EUR',
      'Bitcoin USD',
      'USDT (TRC20) USD',
    ])
    expect(screen.getByText('Method')).toBeVisible()
    expect(screen.getByText('Order currency')).toBeVisible()
    expect(screen.queryByText('Card payout')).not.toBeInTheDocument()
    expect(screen.queryByText('Bank transfer payout')).not.toBeInTheDocument()
  })

  it('picks a method with the mouse and shows it in the control', async () => {
    const onChange = vi.fn()
    const { user } = renderWithKit(<Controlled onChange={onChange} />, { viewer: 'free' })
    await user.click(await screen.findByRole('combobox'))
    await user.click(screen.getByRole('option', { name: 'Bitcoin USD' }))
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ paymentSystem: 'btc', type: 'deposit' }))
    expect(combobox()).toHaveAttribute('aria-expanded', 'false')
    expect(combobox()).toHaveTextContent('Bitcoin')
    await user.click(combobox())
    expect(screen.getByRole('option', { name: 'Bitcoin USD' })).toHaveAttribute('aria-selected', 'true')
  })

  it('works from the keyboard: arrows move, Enter picks, Escape closes', async () => {
    const onChange = vi.fn()
    const { user } = renderWithKit(<Controlled onChange={onChange} />, { viewer: 'free' })
    await screen.findByRole('combobox')
    await user.tab()
    expect(combobox()).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(combobox()).toHaveAttribute('aria-expanded', 'true')
    expect(combobox()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Visa / Mastercard USD, EUR' }).id)
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(combobox()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'USDT (TRC20) USD' }).id)
    await user.keyboard('{Enter}')
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ paymentSystem: 'usdt_trc20' }))
    expect(combobox()).toHaveAttribute('aria-expanded', 'false')
    await user.keyboard('{Home}{Escape}')
    expect(combobox()).toHaveAttribute('aria-expanded', 'false')
    expect(onChange).toHaveBeenCalledTimes(1)
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
