import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithKit } from '../../../test/render'
import { NewVersionPrompt } from './NewVersionPrompt'

describe('NewVersionPrompt', () => {
  it("says 'New version available' as a status and reloads or waits on the reader's word", async () => {
    const onReload = vi.fn()
    const onDismiss = vi.fn()
    renderWithKit(<NewVersionPrompt onReload={onReload} onDismiss={onDismiss} />)
    expect(screen.getByRole('status')).toHaveTextContent('New version available')
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(onReload).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('button', { name: 'Later' }))
    expect(onDismiss).toHaveBeenCalledTimes(1)
  })

  it('keeps both buttons from a second press while the new version is taken', () => {
    renderWithKit(<NewVersionPrompt onReload={vi.fn()} onDismiss={vi.fn()} reloading />)
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Later' })).toBeDisabled()
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'reloading')
  })
})
