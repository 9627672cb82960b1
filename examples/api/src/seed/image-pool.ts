import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database } from '../db/database'
import { files } from '../db/schema'
import type { FileStore } from '../files/file-store'
import type { ArtworkLook } from './catalogue-plan'
import { randomSource, renderArtwork, renderPageImage, type PageVariant } from './page-image'

export interface PooledImage {
  name: string
  width: number
  height: number
}

export interface ImagePool {
  pages: Record<PageVariant, PooledImage[]>
  /** Distinct legal page images for a long comic (`longRun` of them), in drawing order. */
  longRun: PooledImage[]
  /** One cover per comic of `artwork`, in its order. */
  covers: PooledImage[]
  /** One banner per comic of `artwork` that asked for one (null for the others). */
  banners: (PooledImage | null)[]
  previews: PooledImage[]
}

interface ManifestEntry extends PooledImage {
  contentType: string
  byteSize: number
}

const MANIFEST = 'seed-image-pool.json'
const VARIANTS: PageVariant[] = ['censored', 'uncensored', 'legal']

/** What a comic's cover and banner show. */
export interface ArtworkRequest {
  title: string
  look: ArtworkLook
  banner: boolean
}

/**
 * The seed's images: `size` distinct page images per variant (800 px wide, 1000 to 2500 px high) and a
 * few episode previews, shared by every seeded page, plus a cover (and a banner) of its own for each
 * comic of `artwork`. Thousands of episodes then take tens of megabytes instead of gigabytes. Images are
 * deterministic and remembered in a manifest beside the files, so a second seed reuses them instead of
 * drawing them again.
 */
export async function buildImagePool(
  db: Database,
  fileStore: FileStore,
  size: number,
  log: (line: string) => void,
  options: { longRun?: number; artwork?: readonly ArtworkRequest[] } = {},
): Promise<ImagePool> {
  const manifestPath = join(fileStore.directory, MANIFEST)
  const manifest: Record<string, ManifestEntry> = await readFile(manifestPath, 'utf8').then(
    (text) => JSON.parse(text) as Record<string, ManifestEntry>,
    () => ({}),
  )
  let drawn = 0
  const image = async (key: string, draw: () => Promise<Buffer>, width: number, height: number): Promise<PooledImage> => {
    const known = manifest[key]
    if (known && (await fileStore.has(known.name))) return known
    const bytes = await draw()
    const name = await fileStore.write({ bytes, contentType: 'image/webp', extension: 'webp', width, height })
    drawn++
    manifest[key] = { name, width, height, contentType: 'image/webp', byteSize: bytes.length }
    return manifest[key]
  }
  const heights = randomSource(7)
  const pageJobs = VARIANTS.flatMap((variant) =>
    Array.from({ length: size }, (_, i) => {
      const height = 1000 + Math.round(heights() * 1500)
      return { variant, i, height }
    }),
  )
  const pages: ImagePool['pages'] = { censored: [], uncensored: [], legal: [] }
  // sharp encodes on its own threads; a few at a time keeps both cores busy without piling up memory.
  await inBatches(pageJobs, 4, async ({ variant, i, height }) => {
    pages[variant][i] = await image(`page:${variant}:${i}:${height}`, () =>
      renderPageImage({ width: 800, height, seed: i * 31 + 1, variant, label: `Page ${i + 1}` }), 800, height)
  })
  // The long comic's own pages: every page of an episode differs, and so do neighbouring episodes.
  const longRun: PooledImage[] = []
  const runHeights = randomSource(11)
  const runJobs = Array.from({ length: options.longRun ?? 0 }, (_, i) => ({ i, height: 1000 + Math.round(runHeights() * 1500) }))
  await inBatches(runJobs, 4, async ({ i, height }) => {
    longRun[i] = await image(`long:legal:${i}:${height}`, () =>
      renderPageImage({ width: 800, height, seed: 5000 + i * 13, variant: 'legal', label: `Long page ${i + 1}` }), 800, height)
  })
  const small = (kind: string, count: number, width: number, height: number) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        image(`${kind}:${i}:${width}x${height}`, () =>
          renderPageImage({ width, height, seed: 1000 + i * 17 + kind.length, variant: 'uncensored', label: `${kind} ${i + 1}` }), width, height),
      ),
    )
  const previews = await small('preview', 8, 400, 300)
  const artwork = options.artwork ?? []
  const covers: PooledImage[] = []
  const banners: (PooledImage | null)[] = artwork.map(() => null)
  const artworkJobs = artwork.flatMap((request, i) => [
    { i, banner: false, request },
    ...(request.banner ? [{ i, banner: true, request }] : []),
  ])
  await inBatches(artworkJobs, 4, async ({ i, banner, request }) => {
    const [width, height] = banner ? [1200, 500] : [600, 800]
    const { hue, composition, seed } = request.look
    const drawn = await image(`${banner ? 'banner' : 'cover'}:${hue}:${composition}:${seed}:${request.title}:${width}x${height}`, () =>
      renderArtwork({ width, height, hue, composition, seed, title: request.title }), width, height)
    if (banner) banners[i] = drawn
    else covers[i] = drawn
  })

  const all = Object.values(manifest)
  for (let i = 0; i < all.length; i += 500) {
    await db
      .insert(files)
      .values(all.slice(i, i + 500).map((entry) => ({ name: entry.name, contentType: entry.contentType, byteSize: entry.byteSize, width: entry.width, height: entry.height })))
      .onConflictDoNothing()
  }
  // With S3 nothing else makes the local folder the manifest lives in.
  await mkdir(fileStore.directory, { recursive: true })
  await writeFile(manifestPath, JSON.stringify(manifest))
  log(`image pool: ${all.length} images (${drawn} drawn, ${all.length - drawn} reused)`)
  return { pages, longRun, covers, banners, previews }
}

async function inBatches<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!)
    }),
  )
}
