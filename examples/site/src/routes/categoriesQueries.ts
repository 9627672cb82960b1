import { ALL_GENRES } from '@comics/core'
import { comicsQueryOptions } from '@comics/react'
import { asScreenQueries, type ScreenContext, type ScreenQuery } from '../app/screenData'

/** The genre the categories screen shows (its address's ?genre=), every genre without one. */
export const categoriesGenreOf = (search: URLSearchParams) => search.get('genre') ?? ALL_GENRES

/** Categories: every comic (for the genre bar) and those of the address's genre. */
export const categoriesLanding = ({ api, siteMode, search }: ScreenContext): ScreenQuery[] =>
  asScreenQueries(
    comicsQueryOptions(api, siteMode, { preset: 'categories' }),
    comicsQueryOptions(api, siteMode, { preset: 'categories', genreId: categoriesGenreOf(search) }),
  )
