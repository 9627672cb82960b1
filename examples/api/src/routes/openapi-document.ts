import * as z from 'zod'
import { API_PREFIX, ApiErrorBodySchema, endpoints } from '@comics/core/contract'

type Schema = z.core.$ZodType

const jsonSchema = (schema: Schema, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: jsonSchema(ApiErrorBodySchema, 'output') } },
})

/** The OpenAPI 3 document, generated from the contract's endpoint table with zod's JSON Schema output. */
export function buildOpenApiDocument(serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const [name, endpoint] of Object.entries(endpoints) as [string, (typeof endpoints)[keyof typeof endpoints]][]) {
    const openApiPath = endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}')
    const params = 'params' in endpoint && endpoint.params ? jsonSchema(endpoint.params as Schema, 'input') : undefined
    const parameters = params
      ? Object.entries((params.properties ?? {}) as Record<string, unknown>).map(([param, schema]) => ({
          name: param,
          in: 'path',
          required: true,
          schema,
        }))
      : []
    let requestBody: unknown
    if ('body' in endpoint && endpoint.body) {
      requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body as Schema, 'input') } } }
    } else if ('multipart' in endpoint && endpoint.multipart) {
      const fields = jsonSchema(endpoint.multipart.fields as Schema, 'input')
      const files = Object.fromEntries(
        endpoint.multipart.files.map((file) => [file, { type: 'array', items: { type: 'string', format: 'binary' } }]),
      )
      requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { ...fields, properties: { ...((fields.properties ?? {}) as object), ...files }, additionalProperties: false },
          },
        },
      }
    }
    const security = endpoint.access === 'public' ? [] : [{ firebaseIdToken: [] }]
    ;(paths[`${API_PREFIX}${openApiPath}`] ??= {})[endpoint.method.toLowerCase()] = {
      operationId: name,
      summary: endpoint.summary,
      description: endpoint.access === 'admin' ? 'Needs the admin claim.' : endpoint.access === 'user' ? 'Needs a signed-in user.' : 'Open to everyone.',
      security,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: {
        200: { description: 'OK', content: { 'application/json': { schema: jsonSchema(endpoint.response as Schema, 'output') } } },
        400: errorResponse('Invalid request; `fieldErrors` names each field'),
        ...(endpoint.access !== 'public' || name === 'listAssets' || name === 'getTranscript' ? { 401: errorResponse('Sign-in required'), 403: errorResponse('Not allowed') } : {}),
      },
    }
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Comics reading API', version: '1.0.0', description: 'Reference server of the comics reading kit contract.' },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { firebaseIdToken: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' } } },
    paths,
  }
}
