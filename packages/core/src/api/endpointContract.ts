// What the client checks against the contract: the request before it leaves, the answer when it comes,
// the error body of a refusal. Its own module, loaded with the first call (src/api/callEndpoint.ts), as
// the schemas and zod are not needed to paint a page whose first answers came with it (a server
// render's query cache).
import * as z from 'zod/mini'
import { endpointPath, endpoints, type EndpointDefinition, type EndpointName } from '../contract/endpoints'
import { ApiErrorBodySchema, type Schema } from '../contract/envelope'
import { ApiError, ContractError, ValidationError, formatIssuePath, type FieldIssue } from './errors'
import { buildMultipartForm, encodeMultipartFields, uploadFileIssues, type MultipartFiles } from './multipartForm'

type Checked = { ok: true; value: unknown; issues?: undefined } | { ok: false; value?: undefined; issues: FieldIssue[] }

/** Like `safeParse`, but the issues come back as {@link FieldIssue}s. */
function check(schema: Schema, value: unknown): Checked {
  const result = z.safeParse(schema, value)
  if (result.success) return { ok: true, value: result.data }
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message })),
  }
}

/** What a call sends, checked: path parameters, and a JSON body or a multipart form. */
export interface RequestInput {
  params?: Record<string, string>
  body?: unknown
  form?: { fields: Record<string, unknown>; files: MultipartFiles }
}

/** The method, path and body of a call, validated; a `ValidationError` with every issue otherwise. */
export function checkedRequest(name: EndpointName, input: RequestInput): { method: EndpointDefinition['method']; url: string; data?: unknown } {
  const endpoint: EndpointDefinition = endpoints[name]
  const issues: FieldIssue[] = []

  const params: Checked = endpoint.params ? check(endpoint.params, input.params ?? {}) : { ok: true, value: {} }
  if (!params.ok) issues.push(...params.issues)

  let data: unknown
  if (endpoint.body) {
    const body = check(endpoint.body, input.body)
    if (body.ok) data = body.value
    else issues.push(...body.issues)
  } else if (endpoint.multipart) {
    const fields = encodeMultipartFields(input.form?.fields ?? {})
    // Validated in wire form with the server's own schema, so '1'/'0' and JSON lists are checked too.
    const parsed = check(endpoint.multipart.fields, fields)
    if (!parsed.ok) issues.push(...parsed.issues)
    const files = input.form?.files ?? {}
    issues.push(...uploadFileIssues(files, endpoint.multipart.files))
    if (issues.length === 0) data = buildMultipartForm(fields, files)
  }
  if (issues.length > 0) throw new ValidationError(name, issues)
  return {
    method: endpoint.method,
    url: endpointPath(endpoint.path, params.value as Record<string, string>),
    ...(data === undefined ? {} : { data }),
  }
}

/** The answer parsed by the contract; a `ContractError` when it does not match. */
export function parsedAnswer(name: EndpointName, answer: unknown): unknown {
  const parsed = check(endpoints[name].response, answer)
  if (!parsed.ok) throw new ContractError(name, parsed.issues)
  return parsed.value
}

/** The ApiError of an answer with an error status, with the server's code and message when it sent them. */
export function apiErrorOf(name: EndpointName, status: number, data: unknown, cause: unknown): ApiError {
  const body = z.safeParse(ApiErrorBodySchema, data)
  return new ApiError({
    endpoint: name,
    status,
    ...(body.success
      ? { code: body.data.error.code, message: body.data.error.message, fieldErrors: body.data.error.fieldErrors }
      : {}),
    cause,
  })
}
