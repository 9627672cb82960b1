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

/** An `hsl()` colour as RGB (h in degrees, s and l from 0 to 1). */
function hslToRgb(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))))
  return [f(0), f(8), f(4)]
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)

/** Splits a title into at most `lines` lines of about `width` characters. */
function wrap(title: string, width: number, lines: number): string[] {
  const out: string[] = []
  for (const word of title.split(' ')) {
    const last = out[out.length - 1]
    if (last !== undefined && (last.length + 1 + word.length <= width || out.length === lines)) out[out.length - 1] = `${last} ${word}`
    else out.push(word)
  }
  return out
}

/**
 * A comic's cover (portrait, with its title) or banner (landscape, without): a grained gradient in the
 * comic's own hue and one of four compositions (sun and skyline, diagonal bands and a figure, rings,
 * tilted panels).
 * Each comic gets its own, so the catalogue's covers differ in colour and layout.
 */
export async function renderArtwork(options: {
  width: number
  height: number
  hue: number
  composition: number
  seed: number
  title: string
}): Promise<Buffer> {
  const { width, height, hue, composition, title } = options
  const random = randomSource(options.seed)
  const top = hslToRgb(hue, 0.55, 0.72)
  const bottom = hslToRgb((hue + 40) % 360, 0.5, 0.2)
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    const t = y / height
    let offset = y * width * 3
    for (let x = 0; x < width; x++) {
      const n = (random() - 0.5) * 22
      pixels[offset++] = top[0] + (bottom[0] - top[0]) * t + n
      pixels[offset++] = top[1] + (bottom[1] - top[1]) * t + n
      pixels[offset++] = top[2] + (bottom[2] - top[2]) * t + n
    }
  }
  const accent = (shift: number, lightness = 55) => `hsl(${Math.round(hue + shift) % 360},70%,${lightness}%)`
  const short = Math.min(width, height)
  const shapes: string[] = []
  switch (composition % 4) {
    case 0: {
      shapes.push(`<circle cx="${width * (0.3 + random() * 0.4)}" cy="${height * 0.35}" r="${short * 0.28}" fill="${accent(180, 70)}" fill-opacity="0.9"/>`)
      for (let x = 0; x < width; ) {
        const w = short * (0.08 + random() * 0.12)
        const h = height * (0.15 + random() * 0.3)
        shapes.push(`<rect x="${x.toFixed(0)}" y="${(height * 0.78 - h).toFixed(0)}" width="${w.toFixed(0)}" height="${(h + height).toFixed(0)}" fill="hsl(${hue},30%,${8 + random() * 10}%)"/>`)
        x += w + 2
      }
      break
    }
    case 1: {
      for (let i = 0; i < 4; i++) {
        const y = height * (0.1 + i * 0.2 + random() * 0.05)
        shapes.push(`<rect x="${-width}" y="${y.toFixed(0)}" width="${width * 3}" height="${(short * (0.06 + random() * 0.1)).toFixed(0)}" fill="${accent(60 + i * 40)}" fill-opacity="0.7" transform="rotate(-24 ${width / 2} ${height / 2})"/>`)
      }
      const cx = width * (0.35 + random() * 0.3)
      const head = short * 0.09
      shapes.push(
        `<circle cx="${cx.toFixed(0)}" cy="${(height * 0.38).toFixed(0)}" r="${head.toFixed(0)}" fill="#15121a"/>`,
        `<path d="M ${(cx - head * 2.4).toFixed(0)} ${height} Q ${cx.toFixed(0)} ${(height * 0.38).toFixed(0)} ${(cx + head * 2.4).toFixed(0)} ${height} Z" fill="#15121a"/>`,
      )
      break
    }
    case 2: {
      const cx = width * (0.2 + random() * 0.6)
      const cy = height * (0.25 + random() * 0.3)
      for (let i = 6; i > 0; i--) {
        shapes.push(`<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${(short * 0.09 * i).toFixed(0)}" fill="${i % 2 ? accent(150 + i * 12, 40 + i * 6) : 'none'}" fill-opacity="0.55" stroke="#fff" stroke-opacity="0.6" stroke-width="3"/>`)
      }
      for (let i = 0; i < 24; i++) {
        shapes.push(`<circle cx="${(random() * width).toFixed(0)}" cy="${(random() * height * 0.7).toFixed(0)}" r="${(1 + random() * 3).toFixed(1)}" fill="#fff"/>`)
      }
      break
    }
    default: {
      for (let i = 0; i < 4; i++) {
        const w = width * (0.35 + random() * 0.3)
        const h = height * (0.2 + random() * 0.2)
        const x = random() * (width - w)
        const y = height * 0.05 + random() * height * 0.5
        shapes.push(`<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="${accent(90 * i + 30, 50 + i * 8)}" stroke="#111" stroke-width="6" transform="rotate(${(random() * 16 - 8).toFixed(1)} ${(x + w / 2).toFixed(0)} ${(y + h / 2).toFixed(0)})"/>`)
      }
    }
  }
  // A cover carries its title; a banner is a backdrop the page writes on.
  if (height > width) {
    const fontSize = Math.round(width / 10)
    const lines = wrap(title, 14, 2)
    const bandHeight = fontSize * (lines.length + 0.9)
    shapes.push(`<rect x="0" y="${(height - bandHeight).toFixed(0)}" width="${width}" height="${bandHeight.toFixed(0)}" fill="#000" fill-opacity="0.55"/>`)
    lines.forEach((line, i) => {
      const y = height - bandHeight + fontSize * (i + 1.1)
      shapes.push(`<text x="${(fontSize * 0.6).toFixed(0)}" y="${y.toFixed(0)}" font-family="sans-serif" font-weight="bold" font-size="${fontSize}" fill="#fff">${escapeXml(line)}</text>`)
    })
  }
  const overlay = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join('')}</svg>`)
  return sharp(pixels, { raw: { width, height, channels: 3 } }).composite([{ input: overlay }]).webp({ quality: 72, effort: 2 }).toBuffer()
}
