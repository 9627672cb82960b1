import { PassThrough } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router'
import { createReadableStreamFromReadable } from '@react-router/node'
import { NonceContext } from './app/nonce'
import { siteContext } from './app/devLoadContext.server'
import { isSharedDocument, PRIVATE_DOCUMENT_HEADERS } from './app/documentCaching'

/** How long the render may stream what it waits for before the rest goes without it. */
export const streamTimeout = 5_000

/**
 * The markup written while recording: the document, which React writes at once when it is ready. Kept as
 * the chunks written and decoded once, when it is read.
 */
class RecordingStream extends PassThrough {
  private recording = true
  private chunks: Buffer[] = []
  /** Stops recording: what was written until now. */
  stop(): string {
    this.recording = false
    const recorded = Buffer.concat(this.chunks).toString('utf8')
    this.chunks = []
    return recorded
  }
  override write(chunk: unknown, ...rest: unknown[]): boolean {
    if (this.recording) this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk as Uint8Array))
    return (super.write as (chunk: unknown, ...rest: unknown[]) => boolean)(chunk, ...rest)
  }
}

/**
 * The document, streamed, every script of it (the framework's, React's, the head's own) with the
 * response's nonce, or in a guest's document a shared cache keeps, admitted by its hash. The security
 * headers are the server's (loadContext), with the hashes of the style attributes of the document's shell.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  const context = siteContext(loadContext)
  // A document a shared cache keeps (a guest's, src/app/documentCaching.ts) has no nonce: its policy admits
  // its inline scripts by their hashes. Only a complete page is kept: any other answer is one reader's.
  const markedShared = isSharedDocument(responseHeaders)
  const shared = markedShared && responseStatusCode === 200
  if (markedShared && !shared) for (const [name, value] of Object.entries(PRIVATE_DOCUMENT_HEADERS)) responseHeaders.set(name, value)
  const nonce = shared ? '' : context.nonce
  return new Promise((resolve, reject) => {
    let shellRendered = false
    const ready = () => {
      shellRendered = true
      const body = new RecordingStream()
      pipe(body)
      const html = body.stop()
      for (const [name, value] of Object.entries(context.securityHeaders(html, { shared }))) responseHeaders.set(name, value)
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
    }
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </NonceContext.Provider>,
      {
        nonce: nonce || undefined,
        // The loaders have the page's data before the render starts; what the render may still wait for is
        // code on this server, so the document streams once it is whole: its first paint is its last
        // layout (for a crawler too), and every style attribute in it is admitted by the policy sent ahead.
        onAllReady: ready,
        // A finished screen goes in its place in the document, however large: React would otherwise send a
        // boundary over its chunk size (12.8 kB) after its fallback, to be moved in by a script on the next
        // animation frame, and hydrated apart.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors while streaming after the shell are React's to report; those before it reject above.
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}
