// Renders the site's app icons (public/icons/*.png) from the SVG sources beside this file, in Chromium:
// `pnpm exec tsx icons/render.ts` from examples/site after changing a source.
// The icons fill their square edge to edge, so one file serves as both an `any` and a `maskable` icon
// (the mark stays inside the maskable safe zone, a circle of 80 % of the width).
import { mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const SIZES = [192, 512]
mkdirSync(here('../public/icons/'), { recursive: true })
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
try {
  for (const site of ['mirror', 'adult']) {
    const svg = readFileSync(here(`./icon-${site}.svg`), 'utf8')
    for (const size of SIZES) {
      const page = await browser.newPage({ viewport: { width: size, height: size } })
      await page.setContent(`<body style="margin:0">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`)
      await page.screenshot({ path: here(`../public/icons/${site}-${size}.png`), omitBackground: false })
      await page.close()
    }
  }
} finally {
  await browser.close()
}
