import type { FastifyInstance } from 'fastify'
import { endpoints } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { deleteAccount } from '../account/delete-account'
import { exportAccount } from '../account/export-account'
import { registerEndpoint } from '../http/register-endpoint'

/** The reader's own account: the export of their data, and its erasure. */
export function registerAccountRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, clock } = context
  registerEndpoint(app, context, endpoints.exportMyData, async ({ caller, reply }) => {
    // Offered as a file; never kept by a cache between the reader and the service.
    reply.header('content-disposition', 'attachment; filename="my-comics-data.json"')
    return exportAccount(db, clock, caller!)
  })
  registerEndpoint(app, context, endpoints.deleteMyAccount, async ({ caller }) => deleteAccount(context, caller!))
}
