/** The modes of an email action link. */
export const ACTION_LINK_MODES = Object.freeze([
  'resetPassword',
  'recoverEmail',
  'verifyEmail',
  'signIn',
  'verifyAndChangeEmail',
  'revertSecondFactorAddition',
] as const)
export type ActionLinkMode = (typeof ACTION_LINK_MODES)[number]

export interface ActionLink {
  mode: ActionLinkMode
  /** The one-time code. */
  oobCode: string
  apiKey: string
  continueUrl: string | null
  lang: string | null
  tenantId: string | null
}

const isActionLinkMode = (value: string | null): value is ActionLinkMode =>
  value !== null && (ACTION_LINK_MODES as readonly string[]).includes(value)

/**
 * An email action link read without throwing: the link, or why it is not one ('missing apiKey', ...).
 * `parseActionLink` throws the reason as an AuthError; the checks below only need a yes or no, and stay
 * free of the auth errors and their messages (a page that only asks whether it was opened from a link).
 */
export function readActionLink(url: string): ActionLink | { problem: string } {
  let params: URLSearchParams
  try {
    params = new URL(url).searchParams
  } catch {
    return { problem: 'not a URL' }
  }
  const apiKey = params.get('apiKey')
  const oobCode = params.get('oobCode')
  const mode = params.get('mode')
  if (!apiKey) return { problem: 'missing apiKey' }
  if (!oobCode) return { problem: 'missing oobCode' }
  if (!isActionLinkMode(mode)) return { problem: mode ? `unknown mode '${mode}'` : 'missing mode' }
  return {
    mode,
    oobCode,
    apiKey,
    continueUrl: params.get('continueUrl'),
    lang: params.get('lang'),
    tenantId: params.get('tenantId'),
  }
}

/**
 * True when `url` is an email sign-in link: a valid action link in mode signIn, directly or wrapped in
 * the `link` or `deep_link_id` parameter as mobile redirects deliver it. Needs no provider SDK.
 * @example isEmailSignInLink(location.href)
 */
export function isEmailSignInLink(url: string): boolean {
  const candidates = [url]
  try {
    const params = new URL(url).searchParams
    for (const name of ['link', 'deep_link_id']) {
      const nested = params.get(name)
      if (nested) candidates.push(nested)
    }
  } catch {
    return false
  }
  return candidates.some((candidate) => {
    const link = readActionLink(candidate)
    return 'mode' in link && link.mode === 'signIn'
  })
}

/**
 * The one-time code of a password-reset link (mode resetPassword), or null for any other address. The
 * site's action page is opened with it when the reader follows the reset email. Needs no provider SDK.
 * @example passwordResetCodeOf('https://comics.example/auth/action?mode=resetPassword&oobCode=abc&apiKey=key') // 'abc'
 */
export function passwordResetCodeOf(url: string): string | null {
  const link = readActionLink(url)
  return 'mode' in link && link.mode === 'resetPassword' ? link.oobCode : null
}

/** The parameters an action link adds to the page it returns to. */
const ACTION_LINK_PARAMS = ['apiKey', 'oobCode', 'mode', 'lang', 'continueUrl', 'tenantId', 'link', 'deep_link_id']

/**
 * The address a sign-in link returned to, without the link's own parameters: where the reader is left
 * once the link is used (or refused), so that a reload or Back does not offer a spent code again.
 * @example withoutActionLinkParams('https://comics.example/comic/7?mode=signIn&oobCode=abc&apiKey=key&lang=en') // 'https://comics.example/comic/7'
 */
export function withoutActionLinkParams(url: string): string {
  try {
    const parsed = new URL(url)
    for (const name of ACTION_LINK_PARAMS) parsed.searchParams.delete(name)
    return parsed.toString()
  } catch {
    return url
  }
}
