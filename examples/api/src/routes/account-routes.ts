import type { FastifyInstance } from 'fastify'
import { endpoints } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { deleteAccount } from '../account/delete-account'
import { exportAccount } from '../account/export-account'
import { registerEndpoint } from '../http/register-endpoint'
import { readerSettingsOf, saveReaderSettings } from '../reader/reader-settings'

/** The reader's own account: the export of their data, its erasure, and the reader's settings. */
export function registerAccountRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, clock } = context
  registerEndpoint(app, context, endpoints.exportMyData, async ({ caller, reply }) => {
    // Offered as a file; never kept by a cache between the reader and the service.
    reply.header('content-disposition', 'attachment; filename="my-comics-data.json"')
    return exportAccount(db, clock, caller!)
  })
  registerEndpoint(app, context, endpoints.deleteMyAccount, async ({ caller }) => deleteAccount(context, caller!))
  registerEndpoint(app, context, endpoints.getReaderSettings, async ({ caller }) => ({ data: await readerSettingsOf(db, caller!.uid) }))
  registerEndpoint(app, context, endpoints.putReaderSettings, async ({ caller, body }) => ({
    data: await saveReaderSettings(db, clock, caller!.uid, body),
  }))
}
