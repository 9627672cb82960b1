import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Dialog, DialogDescription, DialogTitle } from './Dialog'

function Harness({ dismissible = true }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button onClick={() => setOpen(true)}>Open dialog</button>
      <button>Outside</button>
      <Dialog open={open} onClose={() => setOpen(false)} dismissible={dismissible}>
        <DialogTitle>Are you over the age of 18?</DialogTitle>
        <DialogDescription>You need to confirm that you are over the age of 18 to read adult content.</DialogDescription>
        <button onClick={() => setOpen(false)}>Yes</button>
        <button>No</button>
      </Dialog>
    </>
  )
}

async function openHarness(dismissible?: boolean) {
  const user = userEvent.setup()
  render(<Harness dismissible={dismissible} />)
  const opener = screen.getByRole('button', { name: 'Open dialog' })
  await user.click(opener)
  return { user, opener }
}

describe('Dialog', () => {
  it('is a modal dialog named by its title and described by its description', async () => {
    await openHarness()
    const dialog = screen.getByRole('dialog', { name: 'Are you over the age of 18?' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toHaveAccessibleDescription(
      'You need to confirm that you are over the age of 18 to read adult content.',
    )
    expect(dialog).toHaveAttribute('data-state', 'open')
  })

  it('moves focus in on open and traps Tab and Shift+Tab inside', async () => {
    const { user } = await openHarness()
    const yes = screen.getByRole('button', { name: 'Yes' })
    const no = screen.getByRole('button', { name: 'No' })
    expect(yes).toHaveFocus()
    await user.tab()
    expect(no).toHaveFocus()
    await user.tab()
    expect(yes).toHaveFocus()
    await user.tab({ shift: true })
    expect(no).toHaveFocus()
  })

  it('brings focus back when something outside takes it', async () => {
    await openHarness()
    screen.getByRole('button', { name: 'Outside', hidden: true }).focus()
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus()
  })

  it('closes on Escape and gives focus back to the opener', async () => {
    const { user, opener } = await openHarness()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('closes on a backdrop click, not on a click inside', async () => {
    const { user } = await openHarness()
    const dialog = screen.getByRole('dialog')
    await user.click(dialog)
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    await user.click(dialog.parentElement!)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('gives focus back after closing from inside', async () => {
    const { user, opener } = await openHarness()
    await user.click(screen.getByRole('button', { name: 'Yes' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('cannot be closed by Escape or the backdrop when not dismissible (the age gate)', async () => {
    const { user } = await openHarness(false)
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('dialog').parentElement!)
    expect(screen.getByRole('dialog')).toHaveAttribute('data-dismissible', 'false')
  })

  it('locks page scroll while open and restores it on close', async () => {
    document.documentElement.style.overflow = 'scroll'
    const { user } = await openHarness()
    expect(document.documentElement.style.overflow).toBe('hidden')
    await user.keyboard('{Escape}')
    expect(document.documentElement.style.overflow).toBe('scroll')
    document.documentElement.style.overflow = ''
  })

  it('makes the rest of the page inert while open, and gives back only what it set', async () => {
    const ownInert = document.createElement('div')
    ownInert.setAttribute('inert', '')
    document.body.append(ownInert)
    const { user, opener } = await openHarness()
    const backdrop = screen.getByRole('dialog').parentElement!
    const outside = [...document.body.children].filter((child) => child !== backdrop)
    expect(outside.length).toBeGreaterThan(1)
    for (const element of outside) expect(element).toHaveAttribute('inert')
    expect(backdrop).not.toHaveAttribute('inert')
    await user.keyboard('{Escape}')
    expect(opener.closest('[inert]')).toBeNull()
    expect(opener).toHaveFocus()
    expect(ownInert).toHaveAttribute('inert')
    ownInert.remove()
  })

  it('with two open, leaves only the top one out of inert, and the one below takes input again after', async () => {
    const user = userEvent.setup()
    function Stacked() {
      const [second, setSecond] = useState(false)
      return (
        <>
          <Dialog open onClose={() => {}} dismissible={false} aria-label="Age gate">
            <button onClick={() => setSecond(true)}>Sign in first</button>
          </Dialog>
          <Dialog open={second} onClose={() => setSecond(false)} aria-label="Sign In">
            <button>Continue</button>
          </Dialog>
        </>
      )
    }
    render(<Stacked />)
    const gate = screen.getByRole('dialog', { name: 'Age gate' }).parentElement!
    await user.click(screen.getByRole('button', { name: 'Sign in first' }))
    const signIn = screen.getByRole('dialog', { name: 'Sign In' }).parentElement!
    expect(gate).toHaveAttribute('inert')
    expect(signIn).not.toHaveAttribute('inert')
    await user.keyboard('{Escape}')
    expect(gate).not.toHaveAttribute('inert')
    expect(screen.getByRole('button', { name: 'Sign in first' })).toHaveFocus()
    expect(document.documentElement.style.overflow).toBe('hidden')
  })

  it('lets only the innermost of two open dialogs hear Escape', async () => {
    const user = userEvent.setup()
    function Nested() {
      const [outer, setOuter] = useState(true)
      const [inner, setInner] = useState(true)
      return (
        <Dialog open={outer} onClose={() => setOuter(false)} aria-label="Outer">
          <button>Outer button</button>
          <Dialog open={inner} onClose={() => setInner(false)} aria-label="Inner">
            <button>Inner button</button>
          </Dialog>
        </Dialog>
      )
    }
    render(<Nested />)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument()
  })
})

describe('Dialog in a server render', () => {
  const gate = (
    <main>
      <p>The page</p>
      <Dialog open dismissible={false}>
        <DialogTitle>Are you over the age of 18?</DialogTitle>
        <button>Yes</button>
      </Dialog>
    </main>
  )

  it("is in the server's HTML, and the hydration takes it over without a mismatch, then moves it to its portal", async () => {
    const { renderToString } = await import('react-dom/server')
    const { hydrateRoot } = await import('react-dom/client')
    const { act } = await import('react')
    const html = renderToString(gate)
    expect(html).toContain('role="dialog"')
    expect(html).toContain('Are you over the age of 18?')

    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const errors: unknown[] = []
    let root: ReturnType<typeof hydrateRoot> | undefined
    await act(async () => {
      root = hydrateRoot(container, gate, { onRecoverableError: (error) => errors.push(error) })
    })
    expect(errors).toEqual([])
    // The same paragraph the server wrote, kept; the dialog now in its portal on body, named and focused.
    expect(container.querySelector('p')?.textContent).toBe('The page')
    expect(container.querySelector('[role="dialog"]')).toBeNull()
    const dialog = screen.getByRole('dialog', { name: 'Are you over the age of 18?' })
    expect(dialog.parentElement?.parentElement).toBe(document.body)
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus()
    act(() => root!.unmount())
    container.remove()
  })

  it("is named and described in the server's HTML, before any effect has run", async () => {
    const { renderToString } = await import('react-dom/server')
    const html = renderToString(
      <Dialog open dismissible={false}>
        <DialogTitle>Are you over the age of 18?</DialogTitle>
        <DialogDescription>You need to confirm that you are over the age of 18 to read adult content.</DialogDescription>
        <button>Yes</button>
      </Dialog>,
    )
    // Read as the browser reads the HTML before the app runs.
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    try {
      const dialog = screen.getByRole('dialog', { name: 'Are you over the age of 18?' })
      expect(dialog).toHaveAccessibleDescription('You need to confirm that you are over the age of 18 to read adult content.')
    } finally {
      container.remove()
    }
  })
})

describe('Dialog without a title or description', () => {
  it('refers to no part that is not there once it is shown', () => {
    render(
      <Dialog open aria-label="Reader settings">
        <button>Close</button>
      </Dialog>,
    )
    const dialog = screen.getByRole('dialog', { name: 'Reader settings' })
    expect(dialog).not.toHaveAttribute('aria-labelledby')
    expect(dialog).not.toHaveAttribute('aria-describedby')
  })

  it('names itself by a title added later', async () => {
    function Later() {
      const [titled, setTitled] = useState(false)
      return (
        <Dialog open>
          {titled && <DialogTitle>Episodes</DialogTitle>}
          <button onClick={() => setTitled(true)}>Add the title</button>
        </Dialog>
      )
    }
    render(<Later />)
    expect(screen.getByRole('dialog')).not.toHaveAttribute('aria-labelledby')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add the title' }))
    expect(screen.getByRole('dialog', { name: 'Episodes' })).toBeInTheDocument()
  })
})
