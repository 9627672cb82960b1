import { act, render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DEFAULT_MESSAGES, type Messages } from '../../messages'
import { PageTitle } from './PageTitle'
import { pageTitle } from './pageTitleText'

const comic = { title: 'Moon & Stars' }
const region = (container: HTMLElement) => container.querySelector('[aria-live="polite"]')!

describe('pageTitle', () => {
  it('titles every kind of page from the messages', () => {
    const m = DEFAULT_MESSAGES as Messages
    expect(pageTitle(m, { kind: 'reader', comic, chapter: { chapterNumber: 4 } })).toBe('Moon & Stars — Episode 4 — Comics')
    expect(pageTitle(m, { kind: 'reader', comic, chapter: { chapterNumber: 4 }, uncensored: true })).toBe('Moon & Stars — Episode 4 (Uncensored) — Comics')
    expect(pageTitle(m, { kind: 'comic', comic })).toBe('Moon & Stars — Comics')
    expect(pageTitle(m, { kind: 'comic', comic, uncensored: true })).toBe('Moon & Stars (Uncensored) — Comics')
    expect(pageTitle(m, { kind: 'categories' })).toBe('Categories — Comics')
    expect(pageTitle(m, { kind: 'home' })).toBe('Comics — Read webtoon-style comics online')
    expect(pageTitle(m, { kind: 'policy', policy: 'policy.termsOfUse' })).toBe('Terms of Use — Comics')
    expect(pageTitle(m, { kind: 'notFound' })).toBe('Page not found — Comics')
    const titles = (['home', 'categories', 'premium', 'account', 'payment', 'coins', 'emailAction', 'admin', 'notFound'] as const).map((kind) => pageTitle(m, { kind }))
    // Each its own, none a bare placeholder.
    expect(new Set(titles).size).toBe(titles.length)
    for (const title of titles) expect(title).not.toMatch(/[{}]/)
  })

  it("takes a partner's messages", () => {
    const m = { ...DEFAULT_MESSAGES, 'page.service': 'Toons', 'page.title.reader': '{service}: {comic} #{n}' } as Messages
    expect(pageTitle(m, { kind: 'reader', comic, chapter: { chapterNumber: 12 } })).toBe('Toons: Moon & Stars #12')
    expect(pageTitle(m, { kind: 'categories' })).toBe('Categories — Toons')
  })
})

describe('PageTitle', () => {
  it('sets the document title, announces a later title politely, and not the first one nor a loading one', () => {
    document.title = 'Comics'
    const { container, rerender } = render(<PageTitle title="Home — Comics" />)
    expect(document.title).toBe('Home — Comics')
    expect(region(container).textContent).toBe('')
    expect(region(container).getAttribute('aria-atomic')).toBe('true')

    // A navigation whose data is still loading: the title stays, nothing is said yet.
    act(() => rerender(<PageTitle title={null} />))
    expect(document.title).toBe('Home — Comics')
    expect(region(container).textContent).toBe('')

    act(() => rerender(<PageTitle title="Moon — Comics" />))
    expect(document.title).toBe('Moon — Comics')
    expect(region(container).textContent).toBe('Moon — Comics')

    act(() => rerender(<PageTitle title="Home — Comics" />))
    expect(document.title).toBe('Home — Comics')
    expect(region(container).textContent).toBe('Home — Comics')
  })
})
