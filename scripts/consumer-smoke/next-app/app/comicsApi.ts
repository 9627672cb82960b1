import { createComicsApi } from '@comics/core'

/** The comics API root (e.g. https://comics.example/api/v1), read on each request: the page is dynamic. */
export function comicsApiUrl(): string {
  const url = process.env.COMICS_API_URL
  if (!url) throw new Error('Set COMICS_API_URL to the comics API root, e.g. https://comics.example/api/v1')
  return url
}

/** The API client of the server components: no token, a guest's view of the catalogue. */
export const serverComicsApi = () => createComicsApi({ baseUrl: comicsApiUrl(), siteMode: 'normal' })
