import { createHash } from 'node:crypto'
import { isValidElement, type ReactElement } from 'react'
import { matchRoutes } from 'react-router'
import { describe, expect, it } from 'vitest'
import * as screens from '../../src/routes/lazyScreens'
import { siteRoutes } from '../../src/routes/siteRoutes'
import { inlineScriptHashes, LANDING_SCREENS, routePreloadScript } from '../../routePreloads'

/** The lazy screen the site's router shows at `path` (through RequireSignIn and the like). */
function routedScreen(path: string): string | undefined {
  const leaf = matchRoutes(siteRoutes, path)?.at(-1)?.route.element
  const names = new Map<unknown, string>(Object.entries(screens).map(([name, component]) => [component, name]))
  for (let element: unknown = leaf; isValidElement(element); ) {
    const name = names.get(element.type)
    if (name) return name
    element = (element as ReactElement<{ children?: unknown }>).props.children
  }
  return undefined
}

/** The screen whose chunks the preload script picks for `path` (the first matching pattern). */
const preloadedScreen = (path: string) => LANDING_SCREENS.find((entry) => entry.path.test(path))?.screen

/** Runs the inline script as a browser would, at `pathname`, and returns the links it added. */
function runScript(script: string, pathname: string) {
  const added: { rel: string; href: string; crossOrigin: string | null }[] = []
  const document = {
    createElement: () => ({ rel: '', href: '', crossOrigin: null as string | null }),
    head: { append: (link: (typeof added)[number]) => added.push(link) },
  }
  new Function('location', 'document', script)({ pathname }, document)
  return added
}

describe('route preloads', () => {
  it.each([
    ['/', 'HomeScreen'],
    ['/categories', 'CategoriesScreen'],
    ['/Categories/', 'CategoriesScreen'],
    ['/comic/4', 'ComicScreen'],
    ['/comic/4/', 'ComicScreen'],
    ['/comic/4/uncensored', 'ComicScreen'],
    ['/comic/4/401', 'ReaderScreen'],
    ['/comic/4/401/uncensored', 'ReaderScreen'],
    ['/premium', 'PremiumScreen'],
  ])('picks for %s the screen the router shows there (%s)', (path, screen) => {
    expect(routedScreen(path)).toBe(screen)
    expect(preloadedScreen(path)).toBe(screen)
  })

  it.each(['/account', '/payment/plan-1', '/privacy-policy', '/admin', '/comic/4/401/extra', '/nowhere'])(
    'preloads nothing at %s, which none of the landing screens shows',
    (path) => {
      expect(preloadedScreen(path)).toBeUndefined()
      expect(LANDING_SCREENS.map((entry) => entry.screen)).not.toContain(routedScreen(path))
    },
  )

  it('adds a modulepreload link for each file of the first matching screen only', () => {
    const script = routePreloadScript([
      { path: /^\/?$/i, files: ['/assets/Home.js', '/assets/carousel.js'] },
      { path: /^\/comic\/[^/]+$/i, files: ['/assets/Comic.js'] },
      { path: /^\/comic\/.*$/i, files: ['/assets/Other.js'] },
    ])
    expect(runScript(script, '/')).toEqual([
      { rel: 'modulepreload', href: '/assets/Home.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/carousel.js', crossOrigin: '' },
    ])
    expect(runScript(script, '/comic/7').map((link) => link.href)).toEqual(['/assets/Comic.js'])
    expect(runScript(script, '/premium')).toEqual([])
  })

  it('hashes each inline script for the policy, not the external ones', () => {
    const body = "console.log('a')"
    const html = `<head><script type="module" crossorigin src="/assets/index.js"></script><script>${body}</script></head>`
    expect(inlineScriptHashes(html)).toEqual([`'sha256-${createHash('sha256').update(body).digest('base64')}'`])
    expect(inlineScriptHashes('<script src="/a.js"></script>')).toEqual([])
  })
})
