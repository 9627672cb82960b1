import { HttpResponse } from 'msw'
import { isPublished } from '@comics/core/rules'
import { refusal } from './assetsResolvers'
import { shownOnHost } from './chaptersResolvers'
import { errorResponse } from './errorResponse'
import type { Resolver } from './resolverContext'

/**
 * GET /chapters/{chapterId}/transcript: locked as the episode's pages are (401 signed out, 403 signed in
 * without access; core `isEpisodeLocked`); an episode the viewer may not see, or one without a
 * transcript, answers no entry.
 */
export const getTranscript: Resolver<'getTranscript'> = ({ params, state, viewer, now, siteMode }) => {
  const chapter = state.chapters.find((c) => c.id === params.chapterId)
  if (!chapter || (!viewer.admin && !isPublished(chapter, now)) || !shownOnHost(state, siteMode, chapter.comicsId)) return HttpResponse.json({ data: [] })
  const refused = refusal(state, viewer, new Set([chapter.id]), new Set(), now)
  if (refused) return errorResponse(viewer.signedIn ? 403 : 401, refused)
  const transcript = state.transcripts[chapter.id]
  return HttpResponse.json({ data: transcript ? [transcript] : [] })
}

/** PUT /comics/{comicId}/chapters/{chapterId}/transcript (admin): the whole transcript; no entries removes it. */
export const putTranscript: Resolver<'putTranscript'> = ({ params, body, state, now }) => {
  const chapter = state.chapters.find((c) => c.id === params.chapterId && c.comicsId === params.comicId)
  if (!chapter) return errorResponse(404, { message: `No chapter ${params.chapterId} in comic ${params.comicId}` })
  const transcript = { chapterId: chapter.id, entries: body.entries, updatedAt: now.toISOString() }
  if (body.entries.length > 0) {
    state.transcripts[chapter.id] = transcript
    chapter.hasTranscript = true
  } else {
    delete state.transcripts[chapter.id]
    delete chapter.hasTranscript
  }
  return HttpResponse.json({ data: [transcript] })
}
