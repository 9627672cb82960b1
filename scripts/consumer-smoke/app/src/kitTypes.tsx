// Compiled by the smoke test's `tsc --noEmit`, never bundled: proof that the packed declarations type
// the kit rather than leaving `any`. Each directive fails the check if its line compiles.
import { createMemoryStorage, createPrefixedStorage, isEpisodeLocked } from '@comics/core'
import type { ComicsReaderElement } from '@comics/embed'
import { createHandlers } from '@comics/mocks'
import { Reader } from '@comics/react'

// @ts-expect-error a Reader needs the episode's comicId and chapterId
export const readerWithoutEpisode = <Reader comicId="4" />

// @ts-expect-error the mocks know their viewers by key
export const unknownViewer = createHandlers({ viewer: 'level9' })

// @ts-expect-error the lock rule needs the viewer
export const lockWithoutViewer = isEpisodeLocked({ id: '1', chapterNumber: 1 }, [])

// @ts-expect-error the storage prefix is a string
export const numberPrefix = createPrefixedStorage(createMemoryStorage(), 7)

// The element is known by its tag, and its events carry typed details.
export const embedded: ComicsReaderElement | null = document.querySelector('comics-reader')
embedded?.addEventListener('locked', (event) => {
  const status: 401 | 403 = event.detail.status
  // @ts-expect-error a locked episode has no page position
  return [status, event.detail.page]
})
embedded?.addEventListener('progress', (event) => event.detail.page satisfies number)
