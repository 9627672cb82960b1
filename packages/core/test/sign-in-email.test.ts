import { describe, expect, it } from 'vitest'
import { SIGN_IN_EMAIL_KEY, createMemoryStorage, createSignInEmailStore, withoutActionLinkParams } from '@comics/core'

describe('the email a sign-in link was sent to', () => {
  it('is kept under its own key until the link is used, and read by a later page load', () => {
    const storage = createMemoryStorage()
    const store = createSignInEmailStore(storage)
    expect(store.getSnapshot()).toBeNull()
    store.remember('reader@example.com')
    expect(storage.getItem(SIGN_IN_EMAIL_KEY)).toBe('"reader@example.com"')
    expect(createSignInEmailStore(storage).getSnapshot()).toBe('reader@example.com')
    store.forget()
    expect(storage.getItem(SIGN_IN_EMAIL_KEY)).toBeNull()
    expect(createSignInEmailStore(storage).getSnapshot()).toBeNull()
  })

  it('reads anything but a stored address as none', () => {
    for (const raw of ['not json', '42', '"no-at-sign"', 'null']) {
      expect(createSignInEmailStore(createMemoryStorage({ [SIGN_IN_EMAIL_KEY]: raw })).getSnapshot()).toBeNull()
    }
  })

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
      removeItem: () => {
        throw new Error('denied')
      },
    }
    const store = createSignInEmailStore(broken)
    store.remember('reader@example.com')
    expect(store.getSnapshot()).toBe('reader@example.com')
    store.forget()
    expect(store.getSnapshot()).toBeNull()
  })
})

describe('withoutActionLinkParams', () => {
  it("drops the link's parameters and keeps the page's own", () => {
    expect(withoutActionLinkParams('https://comics.example/comic/7?tab=1&mode=signIn&oobCode=abc&apiKey=key&lang=en#top')).toBe(
      'https://comics.example/comic/7?tab=1#top',
    )
    expect(withoutActionLinkParams('https://comics.example/?apiKey=k&oobCode=c&mode=signIn')).toBe('https://comics.example/')
    expect(withoutActionLinkParams('not a url')).toBe('not a url')
  })
})
