/**
 * Whether an ID token carries the `admin` custom claim. The payload is only decoded, not verified: this
 * decides what the screen shows, and the API checks the signature and the claim on every admin call.
 */
export function adminClaimOfToken(token: string | null | undefined): boolean {
  const payload = token?.split('.')[1]
  if (!payload) return false
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=')
    const claims = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)))) as {
      admin?: unknown
    }
    return claims.admin === true
  } catch {
    return false
  }
}
