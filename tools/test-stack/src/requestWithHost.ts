import { request } from 'node:http'

/**
 * An HTTP call from Node to a loopback server with the Host header of a site host: Node does not
 * resolve *.localhost, and its fetch overrides Host, so the API's host modes are reached this way.
 */
export function requestWithHost(
  url: string,
  options: { host: string; method?: string; body?: unknown; headers?: Record<string, string> },
): Promise<{ status: number; body: string }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: options.method ?? (payload ? 'POST' : 'GET'),
        headers: {
          host: options.host,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        timeout: 10_000,
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      },
    )
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${url} timed out`)))
    outgoing.on('error', reject)
    outgoing.end(payload)
  })
}
