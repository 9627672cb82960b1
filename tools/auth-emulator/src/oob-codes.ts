import { AUTH_EMULATOR_PROJECT, emulatorUrl } from './project'

export interface OobCode {
  email: string
  oobCode: string
  /** The action link the emulator would have mailed, carrying apiKey, oobCode and mode. */
  oobLink: string
  /** PASSWORD_RESET, VERIFY_EMAIL, EMAIL_SIGNIN, ... */
  requestType: string
}

/**
 * The out-of-band codes (email links) the emulator has issued, oldest first.
 * @example
 * const [link] = (await oobCodes(host)).filter((code) => code.email === email && code.requestType === 'EMAIL_SIGNIN')
 */
export async function oobCodes(host: string): Promise<OobCode[]> {
  const response = await fetch(`${emulatorUrl(host)}/emulator/v1/projects/${AUTH_EMULATOR_PROJECT}/oobCodes`)
  if (!response.ok) throw new Error(`Reading out-of-band codes failed: ${response.status} ${await response.text()}`)
  const body = (await response.json()) as { oobCodes?: OobCode[] }
  return (body.oobCodes ?? []).map(({ email, oobCode, oobLink, requestType }) => ({ email, oobCode, oobLink, requestType }))
}
