import { expect } from 'vitest'
import type { ImageFile } from './pageImages'
import { requestWithHost } from './requestWithHost'

/**
 * Calls straight to the stack's API (not through the site), for what a journey sets up as an admin and
 * for what a page must show.
 * @example const { adminPost, apiList } = apiCalls(stack.apiUrl)
 */
export function apiCalls(apiUrl: string) {
  const port = Number(new URL(apiUrl).port)
  return {
    /** An admin's multipart call, as the admin screen makes it; answers the created rows (200 expected). */
    async adminPost(idToken: string, path: string, fields: Record<string, string>, files: { field: string; image: ImageFile }[] = []) {
      const form = new FormData()
      for (const [name, value] of Object.entries(fields)) form.append(name, value)
      for (const { field, image } of files) form.append(field, new Blob([new Uint8Array(image.buffer)], { type: image.mimeType }), image.name)
      const response = await fetch(`${apiUrl}/api/v1${path}`, { method: 'POST', headers: { authorization: `Bearer ${idToken}` }, body: form })
      const body = await response.text()
      expect(response.status, body).toBe(200)
      return (JSON.parse(body) as { data: { id: string; chapterNumber?: number }[] }).data
    },
    /** A list call with a site host's Host header (the host decides what the API lists). */
    async apiList<T>(path: string, body: unknown, host: string): Promise<T[]> {
      const answer = await requestWithHost(`http://127.0.0.1:${port}/api/v1${path}`, { host, body })
      return (JSON.parse(answer.body) as { data: T[] }).data
    },
  }
}
