/**
 * The theme block of the kit's stylesheet: its `--comics-*` defaults, on `:root` and `.comics-root`
 * (zero specificity). Inside a shadow root `:root` matches nothing, and declaring the defaults on an
 * element of the shadow tree would hide every value the page sets outside: a declaration on an element
 * always beats an inherited one.
 */
const THEME_BLOCK = /:where\(\s*:root\s*,\s*\.comics-root\s*\)\s*\{([^}]*)\}/
const DECLARATION = /(--comics-[\w-]+)\s*:\s*([^;]+)(?:;|$)/g
/** A `var(--comics-…)` without a fallback of its own. */
const BARE_VAR = /var\((--comics-[\w-]+)\)/g

/** What the host element is: a block the reader fills, sized by the page (`comics-reader { height: … }`). */
const HOST_RULES = `:host {
  display: block;
  position: relative;
  height: 100vh;
  overflow: hidden;
}
:host([hidden]) {
  display: none;
}
.comics-embed {
  height: 100%;
}
/* The reader fills the element rather than the window. */
.comics-embed .comics-reader {
  position: absolute;
}`

/**
 * The kit's stylesheet made fit for a shadow root that a page themes from outside. The theme block is
 * removed and each default becomes the fallback of the properties that read it: `var(--comics-x)` is
 * written `var(--comics-x, default)`. Custom properties inherit through the shadow boundary, so a
 * `--comics-*` value set anywhere on the page (`:root`, `body`, the `comics-reader` element) reaches the
 * reader; without one the kit's default applies. Defaults that read other properties are resolved the
 * same way. Host rules come first.
 * @example sheet.replaceSync(shadowStylesheet(kitCss))
 */
export function shadowStylesheet(kitCss: string): string {
  const theme = THEME_BLOCK.exec(kitCss)
  if (!theme) throw new Error("The kit's stylesheet has no theme block (:where(:root, .comics-root)); the embed cannot theme it.")
  const defaults = new Map<string, string>()
  for (const [, name, value] of theme[1]!.matchAll(DECLARATION)) defaults.set(name!, value!.trim())

  const resolved = new Map<string, string>()
  const resolve = (name: string, seen: readonly string[]): string | undefined => {
    const cached = resolved.get(name)
    if (cached !== undefined) return cached
    const value = defaults.get(name)
    if (value === undefined) return undefined
    if (seen.includes(name)) throw new Error(`The kit's theme defines ${name} through itself: ${[...seen, name].join(' → ')}`)
    const withFallbacks = withDefaults(value, (inner) => resolve(inner, [...seen, name]))
    resolved.set(name, withFallbacks)
    return withFallbacks
  }
  const rest = kitCss.slice(0, theme.index) + kitCss.slice(theme.index + theme[0].length)
  return `${HOST_RULES}\n${withDefaults(rest, (name) => resolve(name, []))}`
}

function withDefaults(css: string, defaultOf: (name: string) => string | undefined): string {
  return css.replace(BARE_VAR, (whole, name: string) => {
    const fallback = defaultOf(name)
    return fallback === undefined ? whole : `var(${name}, ${fallback})`
  })
}
