import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { SearchField } from './SearchField'

/** The top bar's search field: an ARIA combobox listing comics as the reader types. */
const meta = {
  title: 'Layout/SearchField',
  component: SearchField,
  args: { debounceMs: 0 },
  decorators: [(Story) => <div style={{ minHeight: 360, padding: 16 }}><Story /></div>],
} satisfies Meta<typeof SearchField>

export default meta
type Story = StoryObj<typeof meta>

/** Nothing typed yet: the field alone, the list closed. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    const field = canvas.getByRole('combobox', { name: 'Search comics' })
    await expect(field).toHaveAttribute('aria-expanded', 'false')
    await expect(canvas.queryByRole('listbox')).toBeNull()
  },
}

/** A typo still finds the comic; ArrowDown chooses it (the field names it as its active descendant). */
export const Results: Story = {
  play: async ({ canvas }) => {
    const field = canvas.getByRole('combobox', { name: 'Search comics' })
    await userEvent.type(field, 'silnet')
    const option = await canvas.findByRole('option', { name: 'Silent Blade' })
    await expect(field).toHaveAttribute('aria-expanded', 'true')
    await userEvent.keyboard('{ArrowDown}')
    await expect(option).toHaveAttribute('aria-selected', 'true')
    await expect(field).toHaveAttribute('aria-activedescendant', option.id)
    await userEvent.keyboard('{Escape}')
    await expect(canvas.queryByRole('listbox')).toBeNull()
    await expect(field).toHaveValue('silnet')
  },
}

/** The search is on its way. */
export const Loading: Story = {
  parameters: { kit: { mocks: { latencyMs: { searchComics: 'infinite' } } } },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('combobox', { name: 'Search comics' }), 'night')
    await expect(await canvas.findByText('Searching…')).toBeVisible()
  },
}

/** Nothing of this host matches. */
export const NoResults: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('combobox', { name: 'Search comics' }), 'zzqx')
    // Shown under the field, and said by its live region.
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent("No comics match 'zzqx'"))
    await expect(canvas.getByText("No comics match 'zzqx'", { selector: '.comics-search__note' })).toBeVisible()
    await expect(canvas.queryByRole('listbox')).toBeNull()
  },
}

/** The search failed: the reader can try again, what they typed kept. */
export const Failed: Story = {
  parameters: { kit: { mocks: { errors: { searchComics: 500 } } } },
  play: async ({ canvas }) => {
    const field = canvas.getByRole('combobox', { name: 'Search comics' })
    await userEvent.type(field, 'blade')
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('Search failed.'))
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible()
    await expect(field).toHaveValue('blade')
  },
}

/** On a phone: the list spans the screen below the top bar. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('combobox', { name: 'Search comics' }), 'kitchen')
    await expect(await canvas.findByRole('option', { name: 'Starlight Kitchen' })).toBeVisible()
  },
}
