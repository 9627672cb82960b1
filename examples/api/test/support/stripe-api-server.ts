import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/**
 * A small HTTP server on 127.0.0.1 that answers the Stripe API calls the Stripe adapter makes, keeping
 * customers, saved cards, checkout sessions, payment intents, charges, refunds and disputes in memory,
 * and recording the events Stripe would send, signed with the SDK's `webhooks.generateTestHeaderString`.
 * The SDK is pointed at it by host, port and protocol, as Stripe's own libraries are tested. It stands
 * for the calls the adapter makes, not for all of Stripe.
 */
export interface StripeApiServer {
  /** For `STRIPE_API_URL` / `StripeSettings.apiUrl`. */
  url: string
  webhookSecret: string
  /** A reader on the hosted page: pays the session with a card that succeeds, is declined, or pays once then fails off-session. */
  pay(sessionId: string, card: 'succeeds' | 'declined' | 'renewals-fail'): void
  dispute(paymentIntentId: string, stage: 'opened' | 'won' | 'lost'): void
  /** The events recorded since the last call, signed as Stripe signs them. */
  takeEvents(): { body: string; headers: Record<string, string> }[]
  /** Signs a body as Stripe does (a given time and secret forge one). */
  sign(body: string, at: Date, secret?: string): Record<string, string>
  /** Every request the adapter made: method, path and whether it carried an Idempotency-Key. */
  requests: { method: string; path: string; idempotencyKey: string | undefined }[]
  close(): Promise<void>
}

type Json = Record<string, unknown>
interface Charge extends Json {
  id: string
  amount: number
  amount_refunded: number
  refunded: boolean
  payment_intent: string
}
interface Intent extends Json {
  id: string
  status: string
  amount: number
  currency: string
  customer: string | null
  payment_method: string | null
  last_payment_error: Json | null
  latest_charge: string | null
  metadata: Record<string, string>
}

class StripeFailure {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {}
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`
const missing = (what: string) => new StripeFailure(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } })
const invalid = (code: string, message: string) => new StripeFailure(400, { error: { type: 'invalid_request_error', code, message } })

/** Stripe's form encoding (`a[b][0][c]=v`) read into nested objects (indexes as keys). */
function formFields(text: string): Json {
  const out: Json = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[')
    let node = out
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value
      else node = (node[part] ??= {}) as Json
    })
  }
  return out
}

export async function startStripeApiServer(): Promise<StripeApiServer> {
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`
  const signer = new Stripe('sk_test_signer_only')
  const customers = new Map<string, { id: string; deleted: boolean }>()
  const methods = new Map<string, { id: string; customer: string | null; renewals: 'succeed' | 'fail' }>()
  const sessions = new Map<string, Json & { id: string; status: string; payment_intent: string | null; customer: string }>()
  const intents = new Map<string, Intent>()
  const charges = new Map<string, Charge>()
  const replies = new Map<string, { status: number; body: Json }>()
  const events: { body: string; headers: Record<string, string> }[] = []
  const requests: StripeApiServer['requests'] = []

  const sign = (body: string, at: Date, secret = webhookSecret) => ({
    'content-type': 'application/json',
    'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: Math.floor(at.getTime() / 1000) }),
  })
  const emit = (type: string, object: Json) => {
    const body = JSON.stringify({ id: id('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } }, null, 2)
    events.push({ body, headers: sign(body, new Date()) })
  }
  const chargeOf = (intent: Intent) => {
    const charge: Charge = { id: id('ch'), object: 'charge', amount: intent.amount, amount_refunded: 0, refunded: false, payment_intent: intent.id }
    charges.set(charge.id, charge)
    intent.latest_charge = charge.id
    return charge
  }
  const expandedSession = (session: Json & { payment_intent: string | null }, expand: boolean) => {
    if (!expand || !session.payment_intent) return session
    const intent = intents.get(session.payment_intent)!
    return { ...session, payment_intent: { ...intent, latest_charge: intent.latest_charge ? charges.get(intent.latest_charge) : null } }
  }

  function route(method: string, path: string, query: Json, form: Json): Json {
    let match: RegExpExecArray | null
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), deleted: false }
      customers.set(customer.id, customer)
      return { id: customer.id, object: 'customer' }
    }
    if (method === 'DELETE' && (match = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const customer = customers.get(match[1]!)
      if (!customer || customer.deleted) throw missing(`customer: '${match[1]}'`)
      customer.deleted = true
      for (const method of methods.values()) if (method.customer === customer.id) method.customer = null
      return { id: customer.id, object: 'customer', deleted: true }
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = Object.values((form.line_items ?? {}) as Record<string, { quantity: string; price_data: { currency: string; unit_amount: string } }>)
      const session = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: String(form.customer),
        client_reference_id: form.client_reference_id ?? null,
        metadata: form.metadata ?? {},
        amount_total: items.reduce((sum, item) => sum + Number(item.price_data.unit_amount) * Number(item.quantity), 0),
        currency: items[0]?.price_data.currency ?? 'usd',
        payment_intent: null as string | null,
        payment_intent_metadata: ((form.payment_intent_data as Json | undefined)?.metadata ?? {}) as Record<string, string>,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        url: '',
      }
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`
      if (!customers.get(session.customer) || customers.get(session.customer)!.deleted) throw missing(`customer: '${session.customer}'`)
      sessions.set(session.id, session)
      return session
    }
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const data = [...sessions.values()].filter((session) => session.payment_intent === query.payment_intent)
      return { object: 'list', data, has_more: false, url: path }
    }
    if ((match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path))) {
      const session = sessions.get(match[1]!)
      if (!session) throw missing(`checkout.session: '${match[1]}'`)
      if (method === 'POST' && match[2]) {
        if (session.status !== 'open') throw invalid('checkout_session_not_open', 'Only open sessions can be expired')
        session.status = 'expired'
        emit('checkout.session.expired', session)
        return session
      }
      const expand = Object.values((query.expand ?? {}) as Json).some((value) => String(value).startsWith('payment_intent'))
      return expandedSession(session, expand)
    }
    if (method === 'GET' && (match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const intent = intents.get(match[1]!)
      if (!intent) throw missing(`payment_intent: '${match[1]}'`)
      return intent
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const card = methods.get(String(form.payment_method))
      if (!card || card.customer === null || card.customer !== form.customer) {
        throw invalid('resource_missing', `The payment method is not attached to customer ${String(form.customer)}`)
      }
      const intent: Intent = {
        id: id('pi'),
        object: 'payment_intent',
        status: 'succeeded',
        amount: Number(form.amount),
        currency: String(form.currency),
        customer: card.customer,
        payment_method: card.id,
        last_payment_error: null,
        latest_charge: null,
        metadata: (form.metadata ?? {}) as Record<string, string>,
      }
      intents.set(intent.id, intent)
      if (card.renewals === 'fail') {
        intent.status = 'requires_payment_method'
        intent.last_payment_error = { type: 'card_error', code: 'card_declined' }
        emit('payment_intent.payment_failed', intent)
        throw new StripeFailure(402, { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.', payment_intent: intent } })
      }
      emit('charge.succeeded', chargeOf(intent))
      emit('payment_intent.succeeded', intent)
      return intent
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(form.payment_intent))
      const charge = intent?.latest_charge ? charges.get(intent.latest_charge) : undefined
      if (!intent || !charge) throw missing(`payment_intent: '${String(form.payment_intent)}'`)
      if (charge.refunded) throw invalid('charge_already_refunded', `Charge ${charge.id} has already been refunded.`)
      const amount = form.amount === undefined ? charge.amount - charge.amount_refunded : Number(form.amount)
      if (amount <= 0 || amount > charge.amount - charge.amount_refunded) throw invalid('amount_too_large', 'Refund amount is greater than unrefunded amount')
      charge.amount_refunded += amount
      charge.refunded = charge.amount_refunded >= charge.amount
      emit('refund.created', { id: id('re'), object: 'refund', amount, payment_intent: intent.id })
      emit('charge.refunded', charge)
      return { id: id('re'), object: 'refund', amount, status: 'succeeded', payment_intent: intent.id }
    }
    throw new StripeFailure(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } })
  }

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1')
      const method = request.method ?? 'GET'
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined
      requests.push({ method, path: url.pathname, idempotencyKey })
      const send = (status: number, body: Json) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
        response.end(JSON.stringify(body))
      }
      if (!String(request.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } })
      }
      // Stripe answers a repeated idempotency key with the first answer, failures included.
      const replayKey = idempotencyKey && `${method} ${url.pathname} ${idempotencyKey}`
      const replayed = replayKey ? replies.get(replayKey) : undefined
      if (replayed) return send(replayed.status, replayed.body)
      let reply: { status: number; body: Json }
      try {
        reply = { status: 200, body: route(method, url.pathname, formFields(url.search.slice(1)), formFields(Buffer.concat(chunks).toString('utf8'))) }
      } catch (error) {
        if (!(error instanceof StripeFailure)) throw error
        reply = { status: error.status, body: error.body }
      }
      if (replayKey && method === 'POST') replies.set(replayKey, reply)
      send(reply.status, reply.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    webhookSecret,
    requests,
    pay(sessionId, card) {
      const session = sessions.get(sessionId)
      if (!session || session.status !== 'open') throw new Error(`Checkout session ${sessionId} cannot be paid`)
      const method = { id: id('pm'), customer: session.customer as string | null, renewals: card === 'renewals-fail' ? ('fail' as const) : ('succeed' as const) }
      methods.set(method.id, method)
      let intent = session.payment_intent ? intents.get(session.payment_intent) : undefined
      if (!intent) {
        intent = {
          id: id('pi'),
          object: 'payment_intent',
          status: 'requires_payment_method',
          amount: session.amount_total as number,
          currency: session.currency as string,
          customer: session.customer,
          payment_method: null,
          last_payment_error: null,
          latest_charge: null,
          metadata: session.payment_intent_metadata as Record<string, string>,
        }
        intents.set(intent.id, intent)
        session.payment_intent = intent.id
      }
      intent.payment_method = method.id
      if (card === 'declined') {
        intent.last_payment_error = { type: 'card_error', code: 'card_declined' }
        emit('payment_intent.payment_failed', intent)
        return
      }
      intent.status = 'succeeded'
      intent.last_payment_error = null
      emit('charge.succeeded', chargeOf(intent))
      emit('payment_intent.succeeded', intent)
      Object.assign(session, { status: 'complete', payment_status: 'paid' })
      emit('checkout.session.completed', session)
    },
    dispute(paymentIntentId, stage) {
      const intent = intents.get(paymentIntentId)
      if (!intent) throw new Error(`No payment intent ${paymentIntentId}`)
      const dispute = { id: id('dp'), object: 'dispute', charge: intent.latest_charge, payment_intent: intent.id, amount: intent.amount }
      if (stage === 'opened') emit('charge.dispute.created', { ...dispute, status: 'needs_response' })
      else emit('charge.dispute.closed', { ...dispute, status: stage })
    },
    takeEvents: () => events.splice(0),
    sign,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
