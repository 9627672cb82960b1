import type { FastifyInstance } from 'fastify'
import type { SiteMode } from '@comics/core'
import type { Messages } from '@comics/react'

/** The colours of each site's installed app: the adult site's dark, the normal site's light, the kit's primary both. */
const APP_COLOURS: Record<SiteMode, { theme: string; background: string }> = {
  adult: { theme: '#0d0d12', background: '#0d0d12' },
  normal: { theme: '#d81b60', background: '#ffffff' },
}

/** The icons of each site (public/icons/, rendered from examples/site/icons/*.svg; edge to edge, so maskable too). */
const APP_ICON = { adult: 'adult', normal: 'mirror' } as const satisfies Record<SiteMode, string>

/** The web app manifest of `mode`'s site: the adult host and the normal hosts install as different apps. */
export function webAppManifest(mode: SiteMode, messages: Messages) {
  const icon = APP_ICON[mode]
  const icons = [192, 512].map((size) => ({ src: `/icons/${icon}-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' }))
  return {
    id: '/',
    name: messages[mode === 'adult' ? 'app.name.adult' : 'app.name.normal'],
    short_name: messages[mode === 'adult' ? 'app.shortName.adult' : 'app.shortName.normal'],
    description: messages['page.description'],
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: APP_COLOURS[mode].theme,
    background_color: APP_COLOURS[mode].background,
    icons: [...icons, { ...icons[1]!, purpose: 'maskable' }],
  }
}

/** Serves /manifest.webmanifest for the host a request names (404 on a host the site does not serve). */
export function registerWebManifest(app: FastifyInstance, options: { modeOf: (host: string | undefined) => SiteMode | null; messages: Messages }): void {
  app.get('/manifest.webmanifest', async (request, reply) => {
    const mode = options.modeOf(request.headers.host)
    if (!mode) return reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not Found')
    return reply
      .header('cache-control', 'public, no-cache')
      .header('vary', 'Host')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(webAppManifest(mode, options.messages)))
  })
}
