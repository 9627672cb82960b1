import type { Clock } from '../../clock'
import type { ApiConfig } from '../../config'
import type { Database } from '../../db/database'
import { WEBHOOK_PATH } from '../../routes/payment-routes'
import { SandboxProvider, type DeliverEvent } from './sandbox-provider'

/**
 * The sandbox provider of a running server: events go to the server's own webhook over HTTP, like a
 * real provider's, unless `deliver` is given (tests hand them to `app.inject`).
 */
export function createSandbox(config: ApiConfig, db: Database, clock: Clock, deliver?: DeliverEvent): SandboxProvider {
  const webhookUrl = `${config.publicUrl}${WEBHOOK_PATH}`
  return new SandboxProvider({
    db,
    clock,
    secret: config.paymentWebhookSecret,
    publicUrl: config.publicUrl,
    delayMs: config.sandboxDelayMs,
    deliver:
      deliver ??
      (async (body, headers) => {
        const response = await fetch(webhookUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) })
        await response.arrayBuffer()
        return response.status
      }),
  })
}
