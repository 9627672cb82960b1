import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createMockState, seedMockComments } from '@comics/mocks'
import { renderWithKit } from '../../../test/render'
import { CommentList } from './CommentList'

const EPISODE = '401'
const MARKUP = '<script>window.hacked = 1</script><img src=x onerror="window.hacked = 2"> https://evil.example'

describe('CommentList', () => {
  it('shows markup and links as plain text, never as elements or links', async () => {
    const state = createMockState()
    seedMockComments(state, EPISODE, [{ text: MARKUP }])
    const { container } = renderWithKit(<CommentList chapterId={EPISODE} />, { mocks: { state } })
    expect(await screen.findByText(MARKUP)).toBeInTheDocument()
    expect(container.querySelector('script, img, a')).toBeNull()
    expect((window as { hacked?: number }).hacked).toBeUndefined()
  })

  it('a reader comments, replies and likes; the counts follow', async () => {
    const state = createMockState()
    seedMockComments(state, EPISODE, [{ text: 'First', likedBy: ['user-level2'] }])
    const { user } = renderWithKit(<CommentList chapterId={EPISODE} />, { viewer: 'free', mocks: { state } })
    const first = (await screen.findByText('First')).closest('article')!
    await user.click(within(first).getByRole('button', { name: 'Like, 1 like' }))
    await waitFor(() => expect(within(first).getByRole('button', { name: 'Like, 2 likes' })).toHaveAttribute('aria-pressed', 'true'))
    await user.click(within(first).getByRole('button', { name: 'Reply' }))
    await user.type(screen.getByRole('textbox', { name: 'Write a reply' }), 'Second')
    await user.click(within(first.parentElement!).getAllByRole('button', { name: 'Post' }).at(-1)!)
    expect(await screen.findByText('Second')).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'Third')
    await user.click(screen.getAllByRole('button', { name: 'Post' })[0]!)
    expect(await screen.findByText('Third')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: /Comments 2 comments/ })).toBeInTheDocument()
    expect(state.comments!.comments.map((comment) => [comment.text, comment.parentId, comment.authorUid])).toEqual([
      ['First', null, 'user-level1'],
      ['Second', 'c1', 'user-reader'],
      ['Third', null, 'user-reader'],
    ])
  })

  it('a guest reads; the form is a sign-in button', async () => {
    const state = createMockState()
    seedMockComments(state, EPISODE, [{ text: 'Readable by guests' }])
    renderWithKit(<CommentList chapterId={EPISODE} />, { mocks: { state } })
    expect(await screen.findByText('Readable by guests')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign in to comment' })).toBeInTheDocument()
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('waits while not enabled (the pages come first)', async () => {
    const state = createMockState()
    seedMockComments(state, EPISODE, [{ text: 'Later' }])
    const { rerender, container } = renderWithKit(<CommentList chapterId={EPISODE} enabled={false} />, { mocks: { state } })
    expect(container.querySelector('.comics-comments')).toHaveAttribute('data-state', 'waiting')
    expect(screen.queryByText('No comments yet. Be the first.')).toBeNull()
    rerender(<CommentList chapterId={EPISODE} enabled />)
    expect(await screen.findByText('Later')).toBeInTheDocument()
  })
})
