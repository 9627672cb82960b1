import { endpointPath, endpoints, type EndpointName } from '@comics/core/contract'

export const BASE_URL = 'http://mocks.test/api/v1'

/** Calls one endpoint of the table with fetch, as any client would: JSON body or a FormData form. */
export async function callEndpoint(
  name: EndpointName,
  init: { token?: string | null; params?: Record<string, string>; body?: unknown; form?: FormData; baseUrl?: string } = {},
): Promise<{ status: number; body: any }> {
  const endpoint = endpoints[name]
  const headers: Record<string, string> = {}
  if (init.token) headers.authorization = `Bearer ${init.token}`
  let body: BodyInit | undefined
  if (init.form) body = init.form
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(init.body)
  }
  const response = await fetch(`${init.baseUrl ?? BASE_URL}${endpointPath(endpoint.path, init.params)}`, {
    method: endpoint.method,
    headers,
    body,
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : undefined }
}

/** A list body with the given filters. */
export const list = (filters: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  limit: 200,
  offset: 0,
  filters,
  ...extra,
})
