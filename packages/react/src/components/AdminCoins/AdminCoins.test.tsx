import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createMockState, creditMockCoins } from '@comics/mocks'
import { renderWithKit } from '../../../test/render'
import { AdminCoins } from './AdminCoins'

const READER = 'user-reader'

describe('AdminCoins', () => {
  it("shows a reader's balance and history to an admin, and credits coins with a reason", async () => {
    const state = createMockState()
    creditMockCoins(state, READER, 20, 'Welcome gift')
    const { user } = renderWithKit(<AdminCoins userId={READER} />, { viewer: 'admin', mocks: { state } })
    expect(await screen.findByText('Balance: 20 coins')).toBeInTheDocument()
    expect(await screen.findByText('Credit from support: Welcome gift')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Coins to credit'), '15')
    await user.type(screen.getByLabelText('Reason (kept in the ledger)'), 'Broken page in episode 5')
    await user.click(screen.getByRole('button', { name: 'Credit coins' }))
    expect(await screen.findByRole('status')).toHaveTextContent('15 coins were credited.')
    expect(await screen.findByText('Balance: 35 coins')).toBeInTheDocument()
    expect(await screen.findByText('Credit from support: Broken page in episode 5')).toBeInTheDocument()
    expect(screen.getByLabelText('Coins to credit')).toHaveValue(null)
  })

  it('refuses a bad amount or a missing reason with a clear error, sending nothing and keeping what was typed', async () => {
    const state = createMockState()
    const { user } = renderWithKit(<AdminCoins userId={READER} />, { viewer: 'admin', mocks: { state } })
    await screen.findByText('Balance: 0 coins')
    await user.type(screen.getByLabelText('Coins to credit'), '0')
    await user.type(screen.getByLabelText('Reason (kept in the ledger)'), 'ok')
    await user.click(screen.getByRole('button', { name: 'Credit coins' }))
    expect(screen.getByLabelText('Coins to credit')).toHaveAccessibleDescription('Enter a whole number of coins from 1 to 100000.')
    expect(screen.getByLabelText('Reason (kept in the ledger)')).toHaveAccessibleDescription('Give a reason of 3 to 500 characters.')
    expect(screen.getByLabelText('Coins to credit')).toHaveValue(0)
    expect(screen.getByLabelText('Reason (kept in the ledger)')).toHaveValue('ok')
    expect(state.coinLedger).toHaveLength(0)
  })

  it('keeps the form when the credit fails, so it can be sent again', async () => {
    const state = createMockState()
    const { user } = renderWithKit(<AdminCoins userId={READER} />, { viewer: 'admin', mocks: { state, errors: { creditCoins: 500 } } })
    await screen.findByText('Balance: 0 coins')
    await user.type(screen.getByLabelText('Coins to credit'), '5')
    await user.type(screen.getByLabelText('Reason (kept in the ledger)'), 'Goodwill')
    await user.click(screen.getByRole('button', { name: 'Credit coins' }))
    const form = screen.getByRole('button', { name: 'Credit coins' }).closest('form')!
    expect(await within(form).findByRole('alert')).toHaveTextContent('The coins could not be credited. Please try again.')
    expect(screen.getByLabelText('Coins to credit')).toHaveValue(5)
    expect(screen.getByLabelText('Reason (kept in the ledger)')).toHaveValue('Goodwill')
    await waitFor(() => expect(state.coinLedger).toHaveLength(0))
  })

  it('refunds a pack bought after asking: what is left of its coins is taken back, coins spent stay spent', async () => {
    const state = createMockState()
    const createdAt = new Date().toISOString()
    state.coinLedger.push(
      { id: 'coin-pack-1', userId: READER, kind: 'purchase', coins: 50, packId: 'coins-50', balanceAfter: 50, createdAt },
      { id: 'coin-unlock-1', userId: READER, kind: 'unlock', coins: -10, balanceAfter: 40, createdAt },
    )
    const { user } = renderWithKit(<AdminCoins userId={READER} />, { viewer: 'admin', mocks: { state } })
    expect(await screen.findByText('Balance: 40 coins')).toBeInTheDocument()
    // Only the pack offers a refund, and it asks first.
    expect(screen.getAllByRole('button', { name: 'Refund pack' })).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Refund pack' }))
    expect(screen.getByText(/Refund this pack of 50 coins through the payment provider\?/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Keep it' }))
    expect(state.coinLedger).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Refund pack' }))
    await user.click(screen.getByRole('button', { name: 'Refund now' }))
    expect(await screen.findByText('Refunded: 40 coins taken back.')).toBeInTheDocument()
    expect(await screen.findByText('Balance: 0 coins')).toBeInTheDocument()
    expect(state.coinLedger.at(-1)).toEqual(expect.objectContaining({ kind: 'reversal', coins: -40 }))
  })

  it('says so when a refund fails, and it can be asked again', async () => {
    const state = createMockState()
    state.coinLedger.push({ id: 'coin-pack-1', userId: READER, kind: 'purchase', coins: 50, packId: 'coins-50', balanceAfter: 50, createdAt: new Date().toISOString() })
    const { user } = renderWithKit(<AdminCoins userId={READER} />, { viewer: 'admin', mocks: { state, errors: { refundCoinPack: 500 } } })
    await user.click(await screen.findByRole('button', { name: 'Refund pack' }))
    await user.click(screen.getByRole('button', { name: 'Refund now' }))
    expect(await screen.findByText('The pack could not be refunded. Please try again.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Refund now' })).toBeEnabled()
    expect(state.coinLedger).toHaveLength(1)
  })
})
