import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor } from 'storybook/test'
import { useMessages } from '../../hooks'
import { PageTitle } from './PageTitle'
import { pageTitle } from './pageTitleText'

const meta = {
  title: 'Layout/PageTitle',
  component: PageTitle,
  args: { title: 'Categories — Comics' },
} satisfies Meta<typeof PageTitle>

export default meta
type Story = StoryObj<typeof meta>

/** The page as loaded: the document is titled, nothing is announced (the browser reads the title itself). */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(document.title).toBe('Categories — Comics'))
    await expect(canvasElement.querySelector('[aria-live="polite"]')).toHaveTextContent(/^$/)
  },
}

function Navigation() {
  const messages = useMessages()
  const [comic, setComic] = useState<string | null>(null)
  const title = comic ? pageTitle(messages, { kind: 'comic', comic: { title: comic } }) : pageTitle(messages, { kind: 'categories' })
  return (
    <>
      <button type="button" onClick={() => setComic('Moon & Stars')}>
        Open a comic
      </button>
      <PageTitle title={title} />
    </>
  )
}

/** A navigation in the browser: the new title, from the messages, is said in the polite live region. */
export const AfterNavigation: Story = {
  render: () => <Navigation />,
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open a comic' }))
    await waitFor(() => expect(document.title).toBe('Moon & Stars — Comics'))
    await expect(canvasElement.querySelector('[aria-live="polite"]')).toHaveTextContent('Moon & Stars — Comics')
  },
}
