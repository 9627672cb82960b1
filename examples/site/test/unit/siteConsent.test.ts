import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage, STORAGE_KEYS } from '@comics/core'
import { COOKIE_CHOICE_ATTRIBUTE } from '@comics/react'
import { COOKIE_CHOICE_BEFORE_APP_ATTRIBUTE } from '../../src/app/documentMarks'
import { createSiteConsent } from '../../src/app/siteConsent'

/** A page's root element, as far as the consent store touches it. */
function pageRoot() {
  const attributes = new Map<string, string>()
  const documentElement = {
    getAttribute: (name: string) => attributes.get(name) ?? null,
    setAttribute: (name: string, value: string) => void attributes.set(name, value),
    removeAttribute: (name: string) => void attributes.delete(name),
  }
  vi.stubGlobal('document', { documentElement })
  return attributes
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("the site's cookie choice", () => {
  it("a choice the head's handler took before the app is stored, read as none until the page is taken over, then made", () => {
    const root = pageRoot()
    const storage = createMemoryStorage()
    // The head's handler: stored, the banner hidden, the choice left for the app.
    storage.setItem(STORAGE_KEYS.consent, JSON.stringify('accepted'))
    root.set(COOKIE_CHOICE_ATTRIBUTE, '')
    root.set(COOKIE_CHOICE_BEFORE_APP_ATTRIBUTE, 'accepted')
    const consent = createSiteConsent(storage)
    const seen: string[] = []
    consent.subscribe(() => seen.push(consent.getSnapshot()))
    expect(consent.getSnapshot()).toBe('unset')
    consent.takeOver()
    expect(consent.getSnapshot()).toBe('accepted')
    expect(seen).toEqual(['accepted'])
    expect(root.has(COOKIE_CHOICE_BEFORE_APP_ATTRIBUTE)).toBe(false)
    expect(storage.getItem(STORAGE_KEYS.consent)).toBe('"accepted"')
  })

  it("the kit's Reject before the page is taken over is stored and hides the banner, and made only then", () => {
    const root = pageRoot()
    const storage = createMemoryStorage()
    const consent = createSiteConsent(storage)
    consent.reject()
    expect(consent.getSnapshot()).toBe('unset')
    expect(storage.getItem(STORAGE_KEYS.consent)).toBe('"rejected"')
    expect(root.has(COOKIE_CHOICE_ATTRIBUTE)).toBe(true)
    consent.takeOver()
    expect(consent.getSnapshot()).toBe('rejected')
  })

  it('once the page is taken over, a choice is made at once, and a stored one is read as it is', () => {
    pageRoot()
    const consent = createSiteConsent(createMemoryStorage())
    consent.takeOver()
    expect(consent.getSnapshot()).toBe('unset')
    consent.accept()
    expect(consent.getSnapshot()).toBe('accepted')
    expect(createSiteConsent(createMemoryStorage({ [STORAGE_KEYS.consent]: '"rejected"' })).getSnapshot()).toBe('rejected')
  })
})
