import { HttpResponse } from 'msw'
import type { Genre } from '@comics/core/contract'
import { errorResponse } from './errorResponse'
import { nextMockId, type MockState } from './mockState'
import { pageOf, passes, sortedBy } from './paging'
import type { Resolver } from './resolverContext'

const nameTaken = (state: MockState, name: string, exceptId?: string) =>
  state.genres.some((g) => g.id !== exceptId && g.name.toLowerCase() === name.toLowerCase())

/** POST /genres/list: by id and by the mature flag, optionally sorted by name. */
export const listGenres: Resolver<'listGenres'> = ({ body, state }) => {
  const matching = state.genres.filter(
    (genre) =>
      passes(body.filters.id, genre.id) && (body.filters.mature === undefined || genre.mature === body.filters.mature),
  )
  const sorted = body.sort ? sortedBy(matching, (g) => g.name, body.sort.order) : matching
  return HttpResponse.json(pageOf(sorted, body))
}

/** POST /genres (admin): names are unique, whatever their case. */
export const createGenre: Resolver<'createGenre'> = ({ body, state }) => {
  if (nameTaken(state, body.name)) return errorResponse(409, { message: `A genre named ${body.name} exists` })
  const genre: Genre = { id: nextMockId(state), name: body.name, mature: body.mature }
  state.genres.push(genre)
  return HttpResponse.json({ data: [genre] }, { status: 201 })
}

/** PATCH /genres/{id} (admin): `mature` and an optional new name, also on the comics that carry it. */
export const updateGenre: Resolver<'updateGenre'> = ({ params, body, state }) => {
  const genre = state.genres.find((g) => g.id === params.id)
  if (!genre) return errorResponse(404, { message: `No genre ${params.id}` })
  if (body.name !== undefined && nameTaken(state, body.name, genre.id)) {
    return errorResponse(409, { message: `A genre named ${body.name} exists` })
  }
  genre.mature = body.mature
  if (body.name !== undefined) genre.name = body.name
  for (const comic of state.comics) {
    comic.genres = comic.genres.map((g) => (g.id === genre.id ? { ...genre } : g))
  }
  return HttpResponse.json({ data: [genre] })
}
