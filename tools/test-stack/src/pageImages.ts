import type { Browser } from 'playwright'

export interface ImageFile {
  name: string
  mimeType: string
  buffer: Buffer
}

/**
 * PNG files of a given size for uploads, drawn by the browser itself (the API refuses SVG and sniffs the
 * real image type): a gradient with a label, different for each file.
 */
export async function renderPngs(browser: Browser, files: { name: string; width: number; height: number; label: string }[]): Promise<ImageFile[]> {
  const page = await browser.newPage()
  try {
    const images: ImageFile[] = []
    for (const [index, file] of files.entries()) {
      await page.setViewportSize({ width: file.width, height: file.height })
      await page.setContent(
        `<body style="margin:0"><div style="width:${file.width}px;height:${file.height}px;display:flex;align-items:center;justify-content:center;font:bold 48px sans-serif;color:#fff;background:linear-gradient(${index * 40}deg,#7a1f4b,#f4a6c1)">${file.label}</div></body>`,
      )
      images.push({ name: file.name, mimeType: 'image/png', buffer: await page.screenshot({ type: 'png' }) })
    }
    return images
  } finally {
    await page.close()
  }
}
