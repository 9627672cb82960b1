/** Whether a URL is on one of the allowed origins (scheme, host and port all equal). */
export function isOnAllowedOrigin(url: string, allowedOrigins: readonly string[]): boolean {
  let origin: string
  try {
    const parsed = new URL(url)
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false
    origin = parsed.origin
  } catch {
    return false
  }
  return allowedOrigins.some((allowed) => allowed.replace(/\/+$/, '').toLowerCase() === origin)
}
