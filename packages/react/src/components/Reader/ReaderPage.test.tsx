import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MOCK_ASSETS } from '@comics/mocks'
import { renderWithKit } from '../../../test/render'
import { FIRST_PAGE_ELEMENT_TIMING, ReaderPage } from './ReaderPage'

describe('ReaderPage loading hints', () => {
  const [first, second] = MOCK_ASSETS
  const renderPages = () =>
    renderWithKit(
      <ol>
        <ReaderPage asset={first!} index={0} total={2} />
        <ReaderPage asset={second!} index={1} total={2} />
      </ol>,
    )

  it('marks the first page for Element Timing and fetches it eagerly with high priority', () => {
    renderPages()
    const image = screen.getByAltText('Page 1 of 2')
    expect(image.getAttribute('elementtiming')).toBe(FIRST_PAGE_ELEMENT_TIMING)
    expect(image.getAttribute('loading')).toBe('eager')
    expect(image.getAttribute('fetchpriority')).toBe('high')
  })

  it('leaves the other pages lazy, decoded off the main thread and unmarked', () => {
    renderPages()
    const image = screen.getByAltText('Page 2 of 2')
    expect(image.hasAttribute('elementtiming')).toBe(false)
    expect(image.getAttribute('loading')).toBe('lazy')
    expect(image.getAttribute('decoding')).toBe('async')
  })
})
