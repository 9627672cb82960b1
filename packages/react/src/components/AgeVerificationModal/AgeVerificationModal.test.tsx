import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ComicsProvider } from '../../provider'
import { renderWithKit } from '../../../test/render'
import { TEST_API_BASE_URL } from '../../../test/server'
import { AgeVerificationModal } from './AgeVerificationModal'

const hostConfig = { adultHost: 'adult.comics.test', mirrorHosts: ['comics.test'] }

/** A provider over the browser's localStorage, to see what the gate stores and reads back. */
function renderOverLocalStorage() {
  const redirect = vi.fn()
  const ui = (
    <ComicsProvider apiBaseUrl={TEST_API_BASE_URL} siteMode="adult" site={{ hostConfig }} redirect={redirect}>
      <AgeVerificationModal />
    </ComicsProvider>
  )
  return { ...render(ui), redirect, user: userEvent.setup() }
}

describe('AgeVerificationModal', () => {
  it("asks 'Are you over the age of 18?' in adult mode, with the spec's text, Yes and No", () => {
    renderWithKit(<AgeVerificationModal />, { siteMode: 'adult' })
    const dialog = screen.getByRole('dialog', { name: 'Are you over the age of 18?' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toHaveAccessibleDescription(
      'You need to confirm that you are over the age of 18 to read adult content.',
    )
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['Yes', 'No'])
    expect(within(dialog).getByRole('button', { name: 'Yes' })).toHaveFocus()
  })

  it('is not shown in normal mode', () => {
    renderWithKit(<AgeVerificationModal />, { siteMode: 'normal' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('is not shown once the user has passed it', () => {
    renderWithKit(<AgeVerificationModal />, { siteMode: 'adult', storage: { isUserPassAgeVerification: 'true' } })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('cannot be closed by Escape or a backdrop click, and has no close control', async () => {
    const { user } = renderWithKit(<AgeVerificationModal />, { siteMode: 'adult' })
    const dialog = screen.getByRole('dialog')
    await user.keyboard('{Escape}')
    fireEvent.mouseDown(dialog.parentElement!)
    expect(screen.getByRole('dialog')).toBe(dialog)
    expect(dialog).toHaveAttribute('data-dismissible', 'false')
    expect(within(dialog).queryByRole('button', { name: /close/i })).toBeNull()
  })

  it('keeps Tab between Yes and No', async () => {
    const { user } = renderWithKit(<AgeVerificationModal />, { siteMode: 'adult' })
    await user.tab()
    expect(screen.getByRole('button', { name: 'No' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus()
  })

  it("Yes closes it and is stored under 'isUserPassAgeVerification', so it does not come back", async () => {
    const first = renderOverLocalStorage()
    await first.user.click(screen.getByRole('button', { name: 'Yes' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(window.localStorage.getItem('isUserPassAgeVerification')).toBe('true')
    expect(first.redirect).not.toHaveBeenCalled()
    first.unmount()

    renderOverLocalStorage()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("No leaves for the other main site from the provider's host config, and remembers nothing", async () => {
    const { user, redirect, stores } = renderWithKit(<AgeVerificationModal />, {
      siteMode: 'adult',
      site: { hostConfig },
      route: '/comic/1',
    })
    await user.click(screen.getByRole('button', { name: 'No' }))
    // The configured host names no port: the page's own is kept.
    const port = window.location.port ? `:${window.location.port}` : ''
    expect(redirect).toHaveBeenCalledWith(`${window.location.protocol}//comics.test${port}/`)
    expect(stores.ageGate.getSnapshot()).toBe(false)
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('No goes to `otherSiteUrl` when the site gives one', async () => {
    const { user, redirect } = renderWithKit(<AgeVerificationModal otherSiteUrl="https://comics.example/" />, {
      siteMode: 'adult',
    })
    await user.click(screen.getByRole('button', { name: 'No' }))
    expect(redirect).toHaveBeenCalledWith('https://comics.example/')
  })

  it('No without any destination logs the missing configuration instead of failing silently', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, redirect } = renderWithKit(<AgeVerificationModal />, { siteMode: 'adult' })
    await user.click(screen.getByRole('button', { name: 'No' }))
    expect(redirect).not.toHaveBeenCalled()
    expect(log).toHaveBeenCalledWith(expect.stringContaining('otherSiteUrl'))
  })

  it('uses overridden messages', () => {
    renderWithKit(<AgeVerificationModal />, {
      siteMode: 'adult',
      messages: { 'age.title': 'Bist du über 18?', 'age.yes': 'Ja', 'age.no': 'Nein' },
    })
    expect(screen.getByRole('dialog', { name: 'Bist du über 18?' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Ja' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Nein' })).toBeInTheDocument()
  })
})
