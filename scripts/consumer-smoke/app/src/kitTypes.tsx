// Compiled by the smoke test's `tsc --noEmit`, never bundled: proof that the packed declarations type
// the kit rather than leaving `any`. Each directive fails the check if its line compiles.
import { isEpisodeLocked } from '@comics/core'
import { createHandlers } from '@comics/mocks'
import { Reader } from '@comics/react'

// @ts-expect-error a Reader needs the episode's comicId and chapterId
export const readerWithoutEpisode = <Reader comicId="4" />

// @ts-expect-error the mocks know their viewers by key
export const unknownViewer = createHandlers({ viewer: 'level9' })

// @ts-expect-error the lock rule needs the viewer
export const lockWithoutViewer = isEpisodeLocked({ id: '1', chapterNumber: 1 }, [])
