import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { MOCK_ACCESSIBLE_EPISODE, type MockState } from '@comics/mocks'
import { kitOf } from '../../../../../.storybook/stories'
import { EpisodeAccessibilityEditor } from './EpisodeAccessibilityEditor'

const meta = {
  title: 'Studio/EpisodeAccessibilityEditor',
  component: EpisodeAccessibilityEditor,
  globals: { viewer: 'admin' },
  args: { ...MOCK_ACCESSIBLE_EPISODE, variant: 'legal' },
} satisfies Meta<typeof EpisodeAccessibilityEditor>

export default meta
type Story = StoryObj<typeof meta>

const altForm = (canvas: ReturnType<typeof within>) => within(canvas.getByRole('form', { name: 'Alt text of the pages' }))
const transcriptForm = (canvas: ReturnType<typeof within>) => within(canvas.getByRole('form', { name: 'Transcript' }))

/** An episode written for every reader: three pages described, the fourth read as its place, and its script. */
export const Written: Story = {
  play: async ({ canvas }) => {
    // The transcript and the page list are two calls: either may answer first.
    await canvas.findByRole('form', { name: 'Transcript' })
    await canvas.findByRole('form', { name: 'Alt text of the pages' })
    const alt = altForm(canvas)
    await expect(alt.getByLabelText('Page 1: what it shows')).toHaveValue('Two brothers on a coastal road at dawn, the sea behind them and mountains far ahead.')
    await expect(alt.getByLabelText('Page 4: what it shows')).toHaveValue('')
    await expect(alt.getByLabelText('Page 4: what it shows')).toHaveAttribute('placeholder', 'Read as "Page 4 of 4"')
    // Nothing changed yet: nothing to save.
    await expect(alt.getByRole('button', { name: 'Save alt text' })).toBeDisabled()
    const transcript = transcriptForm(canvas)
    await expect(transcript.getAllByRole('group')).toHaveLength(7)
    await expect(within(transcript.getByRole('group', { name: 'Entry 3' })).getByLabelText('Speaker')).toHaveValue('Theo')
  },
}

/** A page described and saved: the reader's page list has it at once. */
export const AltSaved: Story = {
  play: async (context) => {
    const { canvas } = context
    await canvas.findByRole('form', { name: 'Alt text of the pages' })
    const alt = altForm(canvas)
    await userEvent.type(alt.getByLabelText('Page 4: what it shows'), 'Theo points at the peak, grinning.')
    await userEvent.click(alt.getByRole('button', { name: 'Save alt text' }))
    await expect(await alt.findByText('Alt text saved.')).toBeVisible()
    const { data: pages } = await kitOf(context).api.assets.ofEpisode({ ...MOCK_ACCESSIBLE_EPISODE, variant: 'legal' })
    await expect(pages.map((page) => page.alt ?? null)).toEqual([
      'Two brothers on a coastal road at dawn, the sea behind them and mountains far ahead.',
      'The younger brother, Theo, sits on a milestone rubbing his ankle while Ari checks a paper map.',
      'Close-up of the map: a pencil line from the coast to a peak marked with a small star.',
      'Theo points at the peak, grinning.',
    ])
  },
}

/** An episode with no transcript yet: entries added, moved and saved. */
export const TranscriptWritten: Story = {
  args: { comicId: '5', chapterId: '501' },
  play: async (context) => {
    const { canvas } = context
    const transcript = within(await canvas.findByRole('form', { name: 'Transcript' }))
    await expect(transcript.getByText('No entries yet.')).toBeVisible()
    await userEvent.click(transcript.getByRole('button', { name: 'Add an entry' }))
    const first = within(transcript.getByRole('group', { name: 'Entry 1' }))
    await userEvent.type(first.getByLabelText('Speaker'), 'June')
    await userEvent.type(first.getByLabelText('Text'), 'Who broke the printer?')
    await userEvent.click(transcript.getByRole('button', { name: 'Add an entry' }))
    const second = within(transcript.getByRole('group', { name: 'Entry 2' }))
    await userEvent.selectOptions(second.getByLabelText('Kind'), 'Sound')
    await userEvent.type(second.getByLabelText('Text'), 'Whirr… clunk')
    await userEvent.click(transcript.getByRole('button', { name: 'Move entry 2 up' }))
    await userEvent.click(transcript.getByRole('button', { name: 'Save transcript' }))
    await expect(await transcript.findByText('Transcript saved.')).toBeVisible()
    await expect((await kitOf(context).api.transcripts.ofEpisode('501'))?.entries).toEqual([
      { page: 1, kind: 'sound', text: 'Whirr… clunk' },
      { page: 1, kind: 'dialogue', speaker: 'June', text: 'Who broke the printer?' },
    ])
  },
}

/** The service refuses the save (an entry without words): each refused field is named, and what was typed stays. */
export const SaveRefused: Story = {
  play: async ({ canvas }) => {
    const transcript = within(await canvas.findByRole('form', { name: 'Transcript' }))
    const third = within(transcript.getByRole('group', { name: 'Entry 3' }))
    await userEvent.clear(third.getByLabelText('Text'))
    await userEvent.type(third.getByLabelText('Text'), '   ')
    await userEvent.type(third.getByLabelText('Speaker'), 'dore')
    await userEvent.click(transcript.getByRole('button', { name: 'Save transcript' }))
    const alert = await transcript.findByRole('alert')
    await expect(alert).toHaveTextContent('Some fields are not valid. Nothing was saved; your text is kept:')
    await expect(alert).toHaveTextContent(/Entry 3, text:/)
    await expect(third.getByLabelText('Speaker')).toHaveValue('Theodore')
  },
}

/** No connection when saving: said so, and the text typed stays to save again. */
export const SaveOffline: Story = {
  parameters: { kit: { mocks: { errors: { setPageAlt: 'network' } } } },
  play: async ({ canvas }) => {
    const alt = within(await canvas.findByRole('form', { name: 'Alt text of the pages' }))
    await userEvent.type(alt.getByLabelText('Page 4: what it shows'), 'A peak under stars.')
    await userEvent.click(alt.getByRole('button', { name: 'Save alt text' }))
    await expect(await alt.findByRole('alert')).toHaveTextContent('The service could not be reached. Your text is kept: save again.')
    await expect(alt.getByLabelText('Page 4: what it shows')).toHaveValue('A peak under stars.')
    await expect(alt.getByRole('button', { name: 'Save alt text' })).toBeEnabled()
  },
}

/** A sign-in that ran out before the save. */
export const SaveSignedOut: Story = {
  parameters: { kit: { mocks: { errors: { putTranscript: { status: 401, code: 'sign_in_required', message: 'Sign in' } } } } },
  play: async ({ canvas }) => {
    const transcript = within(await canvas.findByRole('form', { name: 'Transcript' }))
    await userEvent.click(transcript.getByRole('button', { name: 'Remove entry 7' }))
    await userEvent.click(transcript.getByRole('button', { name: 'Save transcript' }))
    await expect(await transcript.findByRole('alert')).toHaveTextContent('Your sign-in has expired. Sign in again, then save: your text is kept.')
    await expect(transcript.getAllByRole('group')).toHaveLength(6)
  },
}

/** An episode whose pages are not uploaded in this variant yet. */
export const NoPages: Story = {
  parameters: { kit: { prepareState: (state: MockState) => void (state.assets = state.assets.filter((asset) => asset.chapterId !== '702')) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/has no pages in this variant yet/)).toBeVisible()
  },
}

/** The pages or the transcript could not be loaded: said so, with a retry. */
export const LoadFailed: Story = {
  parameters: { kit: { mocks: { errors: { getTranscript: 500 } } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent("The episode's pages or transcript could not be loaded.")
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled()
  },
}

/** While they load. */
export const Loading: Story = {
  parameters: { kit: { mocks: { latencyMs: { getTranscript: 'infinite' } } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading…')).toBeVisible()
  },
}
