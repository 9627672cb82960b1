import { ApiError, ContractError, isApiFailure, NetworkError, ValidationError } from '@comics/core'

/** The sentence for a failed admin call, by the client's typed failure. */
function describe(error: unknown): { title: string; details: string[] } {
  if (error instanceof ApiError) {
    const fields = Object.entries(error.fieldErrors).map(([field, problems]) => `${field}: ${problems.join(', ')}`)
    if (error.status === 401) return { title: 'Your session has expired: sign in again.', details: fields }
    if (error.status === 403) return { title: 'This account is not allowed to do that (admin claim missing).', details: fields }
    if (error.status === 413) return { title: 'The files are too large for one upload.', details: fields }
    return { title: `The server refused it (${error.status} ${error.code}): ${error.message}`, details: fields }
  }
  if (error instanceof ValidationError) {
    return { title: 'Some fields are not valid:', details: error.issues.map((issue) => `${issue.path || 'form'}: ${issue.message}`) }
  }
  if (error instanceof NetworkError) {
    return { title: error.code === 'timeout' ? 'The server took too long to answer. Try again.' : 'The server could not be reached. Try again.', details: [] }
  }
  if (error instanceof ContractError) return { title: 'The server answered something unexpected.', details: [error.message] }
  if (isApiFailure(error)) return { title: error.message, details: [] }
  return { title: error instanceof Error ? error.message : 'Something went wrong.', details: [] }
}

/** A failed admin call, shown next to the form that made it (which keeps what was typed). */
export function AdminErrorMessage({ error }: { error: unknown }) {
  if (!error) return null
  const { title, details } = describe(error)
  return (
    <div className="site-admin__error" role="alert">
      <p>{title}</p>
      {details.length > 0 && (
        <ul>
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
