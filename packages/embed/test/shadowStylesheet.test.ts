import { describe, expect, it } from 'vitest'
import { shadowStylesheet } from '../src/shadowStylesheet'

const KIT = `/* the theme */
:where(:root, .comics-root) {
  --comics-color-primary: #d81b60;
  --comics-font-family: system-ui, 'Segoe UI', sans-serif;
  --comics-font-family-heading: var(--comics-font-family);
  --comics-space-2: 0.5rem;
}
.comics-button {
  background: var(--comics-color-primary);
  padding: var(--comics-space-2) calc(var(--comics-space-2) * 2);
  font-family: var(--comics-font-family-heading);
}
.comics-reader {
  --comics-reader-chrome-height: 56px;
  min-height: var(--comics-reader-chrome-height);
  width: var(--comics-reader-page-width, 800px);
}`

describe('shadowStylesheet', () => {
  const css = shadowStylesheet(KIT)

  it("drops the theme block, whose :root matches nothing in a shadow root and whose defaults would hide the page's values", () => {
    expect(css).not.toContain(':root')
    expect(css).not.toContain('.comics-root')
    expect(css).not.toMatch(/^\s*--comics-color-primary:/m)
  })

  it('gives every read of a theme property its default as the fallback, so a value set outside wins', () => {
    expect(css).toContain('background: var(--comics-color-primary, #d81b60);')
    expect(css).toContain('padding: var(--comics-space-2, 0.5rem) calc(var(--comics-space-2, 0.5rem) * 2);')
  })

  it('resolves defaults that read other theme properties, keeping each one overridable', () => {
    expect(css).toContain(
      "font-family: var(--comics-font-family-heading, var(--comics-font-family, system-ui, 'Segoe UI', sans-serif));",
    )
  })

  it("leaves a component's own properties and reads that already have a fallback as they are", () => {
    expect(css).toContain('--comics-reader-chrome-height: 56px;')
    expect(css).toContain('min-height: var(--comics-reader-chrome-height);')
    expect(css).toContain('width: var(--comics-reader-page-width, 800px);')
  })

  it('reads a minified stylesheet (the published one) the same way', () => {
    const minified = ':where(:root,.comics-root){--comics-color-primary:#d81b60;--comics-space-2:.5rem}.comics-button{background:var(--comics-color-primary);gap:var(--comics-space-2)}'
    expect(shadowStylesheet(minified)).toContain('.comics-button{background:var(--comics-color-primary, #d81b60);gap:var(--comics-space-2, .5rem)}')
  })

  it('sizes the host and makes the reader fill it rather than the window', () => {
    expect(css).toMatch(/^:host \{/)
    expect(css).toMatch(/\.comics-embed \.comics-reader \{\s*position: absolute;/)
  })

  it('refuses a stylesheet without the theme block, and a theme that defines a property through itself', () => {
    expect(() => shadowStylesheet('.comics-button { color: red }')).toThrow(/no theme block/)
    expect(() => shadowStylesheet(':where(:root, .comics-root) { --comics-a: var(--comics-b); --comics-b: var(--comics-a); } .x { color: var(--comics-a) }')).toThrow(
      /through itself/,
    )
  })
})
