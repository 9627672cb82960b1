import { comicQueryOptions, chaptersQueryOptions } from '@comics/react'
import type { Chapter, Comic } from '@comics/core'
import type { HeadFor, ScreenData } from '../app/screenData'

const notFound: HeadFor = { page: { kind: 'private' }, titled: { kind: 'notFound' } }

/** A comic page's head: the comic and its episodes; not found on a host that does not show it. */
export const comicHead =
  (uncensored: boolean): ScreenData['head'] =>
  ({ api, siteMode, params, data }) => {
    const comic = data<Comic | null>(comicQueryOptions(api, siteMode, params.comicId ?? '').queryKey)
    const chapters = data<Chapter[]>(chaptersQueryOptions(api, params.comicId ?? '').queryKey)
    if (comic === null) return notFound
    if (!comic || !chapters) return null
    return { page: { kind: 'comic', comic, chapters, uncensored }, titled: { kind: 'comic', comic, uncensored } }
  }

/** A reader's head: the comic, the episode and the others; not found for an episode the comic does not have. */
export const readerHead =
  (uncensored: boolean): ScreenData['head'] =>
  ({ api, siteMode, params, data }) => {
    const comic = data<Comic | null>(comicQueryOptions(api, siteMode, params.comicId ?? '').queryKey)
    const chapters = data<Chapter[]>(chaptersQueryOptions(api, params.comicId ?? '').queryKey)
    if (comic === null) return notFound
    if (!comic || !chapters) return null
    const chapter = chapters.find((candidate) => candidate.id === params.chapterId)
    if (!chapter) return notFound
    return { page: { kind: 'reader', comic, chapter, chapters, uncensored }, titled: { kind: 'reader', comic, chapter, uncensored } }
  }
