import { AuthError } from './errors'
import { readActionLink, type ActionLink } from './action-link-read'

/**
 * Reads an email action link. It must carry an api key, a one-time code and a known mode, or it is rejected
 * with an AuthError of code 'auth/argument-error' (spec §5).
 * @example
 * parseActionLink('https://comics.example/auth?mode=signIn&oobCode=abc&apiKey=key').mode // 'signIn'
 */
export function parseActionLink(url: string): ActionLink {
  const link = readActionLink(url)
  if ('problem' in link) throw new AuthError('auth/argument-error', { message: `Invalid action link: ${link.problem}` })
  return link
}
