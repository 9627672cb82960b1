import { createContext, useContext } from 'react'

/**
 * The response's Content-Security-Policy nonce, given by the server's render (src/entry.server.tsx) to
 * the document's scripts. Empty in the browser, which never reads it (a browser hides the attribute).
 */
export const NonceContext = createContext('')

/** The nonce, or undefined where there is none (the browser; a document a shared cache keeps, which has its scripts' hashes). */
export const useNonce = () => useContext(NonceContext) || undefined
