import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useAuthModal, useLink, useOnAuthModalClose } from '../src/hooks'
import { createAuthModalController } from '../src/provider/authModalController'
import { renderHookWithKit, renderWithKit } from './render'

describe('auth modal state', () => {
  it('opens in sign-in mode by default, switches mode, and closes', () => {
    const { result } = renderHookWithKit(() => useAuthModal())
    expect(result.current).toMatchObject({ isOpen: false, mode: 'sign-in' })
    act(() => result.current.openAuthModal())
    expect(result.current).toMatchObject({ isOpen: true, mode: 'sign-in' })
    act(() => result.current.setMode('sign-up'))
    expect(result.current.mode).toBe('sign-up')
    act(() => result.current.closeAuthModal())
    expect(result.current).toMatchObject({ isOpen: false, mode: 'sign-in' })
  })

  it('opens in sign-in mode when wired straight to onClick', async () => {
    function Opener() {
      const { openAuthModal, isOpen, mode } = useAuthModal()
      return (
        <button onClick={openAuthModal}>
          {isOpen ? 'open' : 'closed'} {mode}
        </button>
      )
    }
    const { user } = renderWithKit(<Opener />)
    await user.click(screen.getByRole('button'))
    expect(screen.getByRole('button')).toHaveTextContent('open sign-in')
  })

  it('tells close listeners only when an open modal closes', () => {
    const onClose = vi.fn()
    const { result } = renderHookWithKit(() => {
      useOnAuthModalClose(onClose)
      return useAuthModal()
    })
    act(() => result.current.closeAuthModal())
    expect(onClose).not.toHaveBeenCalled()
    act(() => result.current.openAuthModal('sign-up'))
    act(() => result.current.closeAuthModal())
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('stops telling a listener after it unsubscribes', () => {
    const controller = createAuthModalController()
    const listener = vi.fn()
    const stop = controller.onClose(listener)
    stop()
    controller.open()
    controller.close()
    expect(listener).not.toHaveBeenCalled()
  })
})

describe('the default link', () => {
  it('leaves modified clicks and other targets to the browser', () => {
    function Links() {
      const Link = useLink()
      return (
        <>
          <Link to="/account">Account</Link>
          <Link to="/terms-of-use" target="_blank">
            Terms
          </Link>
        </>
      )
    }
    const { navigate } = renderWithKit(<Links />)
    // What the browser would do with these clicks is not under test (and jsdom cannot navigate).
    const stopBrowserNavigation = (event: MouseEvent) => event.preventDefault()
    document.addEventListener('click', stopBrowserNavigation)
    fireEvent.click(screen.getByRole('link', { name: 'Account' }), { ctrlKey: true })
    fireEvent.click(screen.getByRole('link', { name: 'Account' }), { button: 1 })
    fireEvent.click(screen.getByRole('link', { name: 'Terms' }))
    document.removeEventListener('click', stopBrowserNavigation)
    expect(navigate).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('link', { name: 'Account' }))
    expect(navigate).toHaveBeenCalledWith('/account')
  })
})

describe('the default navigation', () => {
  it('falls back to window.location.assign', async () => {
    const { ComicsProvider } = await import('../src/provider')
    const assign = vi.fn()
    const original = window.location
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } })
    try {
      function Links() {
        const Link = useLink()
        return <Link to="/categories">Categories</Link>
      }
      render(
        <ComicsProvider apiBaseUrl="http://comics.test/api/v1">
          <Links />
        </ComicsProvider>,
      )
      fireEvent.click(screen.getByRole('link', { name: 'Categories' }))
      expect(assign).toHaveBeenCalledWith('/categories')
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original })
    }
  })
})
