import { describe, expect, it } from 'vitest'
import { compareFileNames, episodeUploadProgress, inFileNameOrder, movedTo, pagesToSend } from '@comics/core/rules'

describe('natural file-name order', () => {
  it('puts page-2 before page-10 and ignores case', () => {
    const names = ['page-10.png', 'Page-3.png', 'page-2.png', 'page-1.png', 'page-12.png', 'page-11.png']
    expect([...names].sort(compareFileNames)).toEqual(['page-1.png', 'page-2.png', 'Page-3.png', 'page-10.png', 'page-11.png', 'page-12.png'])
  })

  it('sorts files by name and leaves the list given as it was', () => {
    const files = [{ name: '010.jpg' }, { name: '9.jpg' }, { name: '001.jpg' }]
    expect(inFileNameOrder(files).map((file) => file.name)).toEqual(['001.jpg', '9.jpg', '010.jpg'])
    expect(files.map((file) => file.name)).toEqual(['010.jpg', '9.jpg', '001.jpg'])
  })

  it('keeps names that differ only by case in a fixed order', () => {
    expect(inFileNameOrder([{ name: 'b.png' }, { name: 'B.png' }]).map((f) => f.name)).toEqual(inFileNameOrder([{ name: 'B.png' }, { name: 'b.png' }]).map((f) => f.name))
  })
})

describe('moving a page', () => {
  it('moves one item to another place, clamped to the list', () => {
    expect(movedTo(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c'])
    expect(movedTo(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(movedTo(['a', 'b', 'c'], 0, -4)).toEqual(['a', 'b', 'c'])
    expect(movedTo(['a', 'b', 'c'], 1, 99)).toEqual(['a', 'c', 'b'])
    expect(movedTo(['a', 'b'], 5, 0)).toEqual(['a', 'b'])
  })
})

describe('the progress of an episode', () => {
  it('counts finished files whole, the one on its way by what was sent, failed and queued ones as nothing', () => {
    const progress = episodeUploadProgress([
      { status: 'done', size: 100 },
      { status: 'uploading', size: 200, sent: 50 },
      { status: 'failed', size: 100 },
      { status: 'queued', size: 600 },
    ])
    expect(progress).toEqual({ sentBytes: 150, totalBytes: 1000, percent: 15, done: 1, failed: 1, total: 4 })
  })

  it('is 100 only when every file is done', () => {
    expect(episodeUploadProgress([{ status: 'done', size: 10 }, { status: 'done', size: 0 }]).percent).toBe(100)
    expect(episodeUploadProgress([{ status: 'uploading', size: 10, sent: 9 }]).percent).toBe(90)
    expect(episodeUploadProgress([]).percent).toBe(0)
  })

  it('sends again only what did not finish', () => {
    const items = [
      { name: 'a', status: 'done' as const },
      { name: 'b', status: 'failed' as const },
      { name: 'c', status: 'queued' as const },
      { name: 'd', status: 'uploading' as const },
    ]
    expect(pagesToSend(items).map((item) => item.name)).toEqual(['b', 'c'])
  })
})
