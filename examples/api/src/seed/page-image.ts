import sharp from 'sharp'

export type PageVariant = 'censored' | 'uncensored' | 'legal'

/** A small deterministic random source, so a seed gives the same images every time. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Rgb = [number, number, number]
const palettes: [Rgb, Rgb][] = [
  [[250, 214, 165], [120, 60, 110]],
  [[180, 220, 255], [30, 40, 90]],
  [[255, 190, 200], [90, 20, 60]],
  [[200, 240, 200], [20, 70, 60]],
  [[240, 230, 200], [80, 50, 30]],
]

/**
 * A webtoon-like page slice: a gradient background with grain (so it weighs what real art weighs, tens
 * to hundreds of kB, instead of compressing to nothing), panels, figures and speech bubbles. The censored
 * variant carries blur bars, the legal one a covered, toned-down rendition.
 */
export async function renderPageImage(options: {
  width: number
  height: number
  seed: number
  variant: PageVariant
  label: string
  format?: 'webp' | 'jpeg'
}): Promise<Buffer> {
  const { width, height, seed, variant } = options
  const random = randomSource(seed)
  const [top, bottom] = palettes[seed % palettes.length]!
  const pixels = Buffer.alloc(width * height * 3)
  const grain = 26
  for (let y = 0; y < height; y++) {
    const t = y / height
    const r = top[0] + (bottom[0] - top[0]) * t
    const g = top[1] + (bottom[1] - top[1]) * t
    const b = top[2] + (bottom[2] - top[2]) * t
    let offset = y * width * 3
    for (let x = 0; x < width; x++) {
      const n = (random() - 0.5) * grain
      pixels[offset++] = r + n
      pixels[offset++] = g + n
      pixels[offset++] = b + n
    }
  }

  const shapes: string[] = []
  let y = 20
  while (y < height - 120) {
    const panelHeight = Math.min(height - y - 20, 260 + Math.floor(random() * 380))
    shapes.push(`<rect x="20" y="${y}" width="${width - 40}" height="${panelHeight}" rx="6" fill="none" stroke="#111" stroke-width="6"/>`)
    for (let i = 0; i < 5; i++) {
      const cx = 60 + random() * (width - 120)
      const cy = y + 40 + random() * Math.max(1, panelHeight - 80)
      const radius = 20 + random() * 90
      const hue = Math.floor(random() * 360)
      shapes.push(`<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${radius.toFixed(0)}" fill="hsl(${hue},60%,55%)" fill-opacity="0.8" stroke="#222" stroke-width="3"/>`)
    }
    const bubbleX = 50 + random() * (width - 350)
    const bubbleY = y + 30 + random() * Math.max(1, panelHeight - 120)
    shapes.push(
      `<ellipse cx="${(bubbleX + 130).toFixed(0)}" cy="${(bubbleY + 40).toFixed(0)}" rx="140" ry="48" fill="#fff" stroke="#000" stroke-width="3"/>`,
      `<text x="${(bubbleX + 40).toFixed(0)}" y="${(bubbleY + 50).toFixed(0)}" font-family="sans-serif" font-size="26" fill="#000">${options.label}</text>`,
    )
    if (variant === 'censored') {
      const barY = y + panelHeight / 3
      shapes.push(`<rect x="${(width / 4).toFixed(0)}" y="${barY.toFixed(0)}" width="${(width / 2).toFixed(0)}" height="70" fill="#000"/>`)
    }
    if (variant === 'legal') {
      shapes.push(`<rect x="20" y="${y}" width="${width - 40}" height="${panelHeight}" fill="#fff" fill-opacity="0.35"/>`)
    }
    y += panelHeight + 24
  }
  const overlay = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join('')}</svg>`)

  const image = sharp(pixels, { raw: { width, height, channels: 3 } }).composite([{ input: overlay }])
  return options.format === 'jpeg' ? image.jpeg({ quality: 72, mozjpeg: false }).toBuffer() : image.webp({ quality: 72, effort: 2 }).toBuffer()
}
