import type { EndpointName, endpoints, Schema } from '@comics/core/contract'
import type { SiteMode } from '@comics/core/rules'
import type * as z from 'zod/mini'
import type { MockCheckout, MockState } from './mockState'
import type { RequestViewer } from './resolveViewer'

type Endpoint<N extends EndpointName> = (typeof endpoints)[N]

/** The parsed JSON body of an endpoint, or undefined when it takes none. */
export type BodyOf<N extends EndpointName> = Endpoint<N> extends { body: infer S extends Schema } ? z.output<S> : undefined
/** The parsed text fields of a multipart endpoint. */
export type FieldsOf<N extends EndpointName> = Endpoint<N> extends { multipart: { fields: infer S extends Schema } }
  ? z.output<S>
  : undefined

/** What a resolver receives once the request passed auth, latency, forced errors and validation. */
export interface ResolverContext<N extends EndpointName> {
  request: Request
  params: Record<string, string>
  body: BodyOf<N>
  fields: FieldsOf<N>
  /** Uploaded files by field name, in the order sent. */
  files: Record<string, File[]>
  viewer: RequestViewer
  state: MockState
  now: Date
  /** The host mode the handlers serve, when one was set. */
  siteMode: SiteMode | undefined
  checkoutUrl: (checkout: MockCheckout) => string
}

export type Resolver<N extends EndpointName> = (context: ResolverContext<N>) => Response | Promise<Response>
