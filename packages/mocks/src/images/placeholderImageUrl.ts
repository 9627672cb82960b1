/** What a placeholder image shows: a few lines of text on a coloured background of a given size. */
export interface PlaceholderImage {
  width: number
  height: number
  /** 0–359; the same comic keeps the same hue on every image. */
  hue: number
  lines: readonly string[]
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * A `data:image/svg+xml` URL of a small generated SVG: it needs no network, no server and no file,
 * so the fixtures render the same in Node, jsdom, Storybook and a browser offline. The same input
 * always gives the same URL.
 * @example
 * placeholderImageUrl({ width: 800, height: 1200, hue: 200, lines: ['Silent Blade', 'Episode 1 · Page 2', 'censored'] })
 */
export function placeholderImageUrl({ width, height, hue, lines }: PlaceholderImage): string {
  const fontSize = Math.max(12, Math.round(Math.min(width, height) / 12))
  const lineHeight = Math.round(fontSize * 1.4)
  const firstY = Math.round(height / 2 - ((lines.length - 1) * lineHeight) / 2)
  const text = lines
    .map(
      (line, index) =>
        `<text x="50%" y="${firstY + index * lineHeight}" text-anchor="middle" dominant-baseline="middle">${escapeXml(line)}</text>`,
    )
    .join('')
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="hsl(${hue} 45% 28%)"/>` +
    `<rect x="4%" y="4%" width="92%" height="92%" fill="none" stroke="hsl(${hue} 60% 70%)" stroke-width="${Math.max(2, Math.round(fontSize / 8))}"/>` +
    `<g fill="#fff" font-family="system-ui, sans-serif" font-size="${fontSize}">${text}</g></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}
