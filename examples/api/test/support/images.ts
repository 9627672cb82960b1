import sharp from 'sharp'

/** A real raster image of the given size and format. */
export async function testImage(width: number, height: number, format: 'webp' | 'jpeg' | 'png' = 'webp', hue = 200): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: `hsl(${hue}, 60%, 50%)` } })
  return format === 'jpeg' ? image.jpeg().toBuffer() : format === 'png' ? image.png().toBuffer() : image.webp().toBuffer()
}

/** A WebP header over bytes no decoder takes: stored as a WebP, but no rendition can be made of it. */
export const UNDECODABLE_WEBP = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP'), Buffer.alloc(64, 7)])

export const SVG_IMAGE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>')
export const TEXT_FILE = Buffer.from('just some text, not an image at all')
