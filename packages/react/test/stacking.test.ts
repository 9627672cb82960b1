import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// jsdom computes no stacking, so the order is read from the stylesheets themselves: the z-index of a
// rule, resolved through the theme's --comics-z-* tokens.
const src = join(import.meta.dirname, '../src')
const css = (path: string) => readFileSync(join(src, path), 'utf8')

const tokens = new Map([...css('styles/base.css').matchAll(/(--comics-z-[a-z]+):\s*(\d+)/g)].map(([, name, value]) => [name!, Number(value)]))

/** The z-index of the rule for exactly `selector` that sets one (a media query's included). */
function zIndexOf(file: string, selector: string): number {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const rules = [...css(file).matchAll(new RegExp(`(?:^|[\\s}])${escaped}\\s*\\{([^}]*)\\}`, 'g'))]
  const value = rules.map((rule) => /z-index:\s*([^;]+);/.exec(rule[1]!)?.[1]?.trim()).find(Boolean)
  if (!value) throw new Error(`${selector} in ${file} has no z-index`)
  const token = /^var\((--comics-z-[a-z]+)\)$/.exec(value)?.[1]
  const resolved = token ? tokens.get(token) : Number(value)
  if (resolved === undefined || Number.isNaN(resolved)) throw new Error(`${selector}: unknown z-index ${value}`)
  return resolved
}

describe('stacking of the fixed layers', () => {
  const banner = zIndexOf('components/CookieConsentBanner/CookieConsentBanner.css', '.comics-cookie-banner')

  it('puts the cookie banner above the full-screen reader and the mobile menu, so it can be answered there', () => {
    expect(banner).toBeGreaterThan(zIndexOf('components/Reader/Reader.css', '.comics-reader'))
    expect(banner).toBeGreaterThan(zIndexOf('components/TopBar/TopBar.css', '.comics-topbar__nav'))
    expect(banner).toBeGreaterThan(zIndexOf('components/TopBar/TopBar.css', '.comics-topbar'))
  })

  it('keeps dialogs (the age gate, sign-in) above the cookie banner', () => {
    expect(zIndexOf('styles/base.css', '.comics-dialog__backdrop')).toBeGreaterThan(banner)
  })
})
