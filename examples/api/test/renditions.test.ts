import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FileStore } from '../src/files/file-store'
import { Renditions, type PrepareFailure } from '../src/files/renditions'
import { testImage, UNDECODABLE_WEBP } from './support/images'

let directory: string
let store: FileStore
let renditions: Renditions

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'comics-renditions-'))
  store = FileStore.onDisk(directory, '/api/v1/files')
  renditions = new Renditions(store)
})
afterEach(async () => {
  await renditions.close()
  await rm(directory, { recursive: true, force: true })
})

const kept = () => readdir(join(directory, 'renditions')).catch(() => [] as string[])
const stored = async (width: number, height: number, hue: number) => ({
  name: await store.write({ bytes: await testImage(width, height, 'webp', hue), contentType: 'image/webp', extension: 'webp', width, height }),
  width,
})
const failures = () => {
  const told: { name: string; width: number }[] = []
  const onFailure: PrepareFailure = (_error, image) => told.push(image)
  return { told, onFailure }
}

describe('renditions made ahead', () => {
  it('makes every listed width of each prepared image without a request, and none for a narrow one', async () => {
    const wide = await stored(1200, 1600, 10)
    const page = await stored(800, 1000, 20)
    const narrow = await stored(480, 600, 30)
    const { told, onFailure } = failures()
    renditions.prepare([wide, page, narrow], onFailure)
    await renditions.settled()
    const stem = (name: string) => name.slice(0, -'.webp'.length)
    expect((await kept()).sort()).toEqual(
      [...[480, 640, 750, 828, 1080].map((w) => `${stem(wide.name)}-w${w}.webp`), ...[480, 640, 750].map((w) => `${stem(page.name)}-w${w}.webp`)].sort(),
    )
    expect(told).toEqual([])
    // A request then finds it made: the same key, nothing encoded again.
    expect(await renditions.keyOf(page.name, 750)).toBe(`renditions/${stem(page.name)}-w750.webp`)
  })

  it('makes what is queued while it is making others, one after the other', async () => {
    const first = await stored(800, 1000, 40)
    const second = await stored(800, 1000, 50)
    const { told, onFailure } = failures()
    // The first starts being made at once (prepare starts the queue synchronously): the second is queued
    // behind it.
    renditions.prepare([first], onFailure)
    renditions.prepare([second], onFailure)
    await renditions.settled()
    expect(await kept()).toHaveLength(6)
    expect(told).toEqual([])
  })

  it('tells each rendition it could not make, with the image and the width, and goes on with the others', async () => {
    const broken = `${'d'.repeat(64)}.webp`
    await writeFile(join(directory, broken), UNDECODABLE_WEBP)
    const page = await stored(800, 1000, 60)
    const { told, onFailure } = failures()
    renditions.prepare([{ name: broken, width: 800 }, { name: 'not-a-stored-name.webp', width: 800 }, page], onFailure)
    await renditions.settled()
    expect(told).toEqual([
      { name: broken, width: 480 },
      { name: broken, width: 640 },
      { name: broken, width: 750 },
      { name: 'not-a-stored-name.webp', width: 480 },
      { name: 'not-a-stored-name.webp', width: 640 },
      { name: 'not-a-stored-name.webp', width: 750 },
    ])
    expect(await kept()).toHaveLength(3)
  })

  it('drops what is queued on close, finishes the one being made and writes nothing after', async () => {
    const images = [await stored(800, 1000, 70), await stored(800, 1000, 80), await stored(800, 1000, 90)]
    const { told, onFailure } = failures()
    renditions.prepare(images, onFailure)
    await renditions.close()
    const atClose = await kept()
    // Nine were queued; at most the first was being made.
    expect(atClose.length).toBeLessThanOrEqual(1)
    expect(atClose.filter((name) => name.endsWith('.tmp'))).toEqual([])
    // Had close left the queue running, settled() would wait for the eight others to be made.
    await renditions.settled()
    expect(await kept()).toEqual(atClose)
    // Nothing is queued once closed.
    renditions.prepare(images, onFailure)
    await renditions.settled()
    expect(await kept()).toEqual(atClose)
    expect(told).toEqual([])
  })
})

describe('closing', () => {
  it('with finishWithinMs (a graceful stop) makes what is queued before it lets the folder go', async () => {
    const images = [await stored(800, 1000, 60), await stored(800, 1000, 70), await stored(800, 1000, 80)]
    const { told, onFailure } = failures()
    renditions.prepare(images, onFailure)
    await renditions.close({ finishWithinMs: 20_000 })
    expect(await kept()).toHaveLength(9)
    expect(told).toEqual([])
    // Closed: nothing more is queued.
    renditions.prepare([await stored(800, 1000, 90)], onFailure)
    await renditions.settled()
    expect(await kept()).toHaveLength(9)
  })
})
