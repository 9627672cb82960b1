import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithKit } from '../../../test/render'
import { PolicyPage } from './PolicyPage'

describe('PolicyPage', () => {
  it('shows the title as the page heading and the text', () => {
    renderWithKit(
      <PolicyPage title="Privacy Policy">
        <p>Refund requests must be made within 120 calendar days.</p>
      </PolicyPage>,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Privacy Policy' })).toHaveTextContent(
      'Refund requests must be made within 120 calendar days.',
    )
  })

  it('calls onBack from the back button', async () => {
    const onBack = vi.fn()
    const { user } = renderWithKit(
      <PolicyPage title="Terms of Use" onBack={onBack}>
        <p>Text</p>
      </PolicyPage>,
    )
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(onBack).toHaveBeenCalledTimes(1)
  })

  it('goes back in history, or to / when opened directly', async () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {})
    const length = vi.spyOn(window.history, 'length', 'get')
    length.mockReturnValue(3)
    const { user, navigate, unmount } = renderWithKit(<PolicyPage title="Terms of Use">Text</PolicyPage>)
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(back).toHaveBeenCalledTimes(1)
    expect(navigate).not.toHaveBeenCalled()
    unmount()

    length.mockReturnValue(1)
    const second = renderWithKit(<PolicyPage title="Terms of Use">Text</PolicyPage>)
    await second.user.click(screen.getByRole('button', { name: 'Back' }))
    expect(second.navigate).toHaveBeenCalledWith('/')
  })
})
