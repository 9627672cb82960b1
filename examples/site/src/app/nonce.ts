import { createContext, useContext } from 'react'

/**
 * The response's Content-Security-Policy nonce, given by the server's render (src/entry.server.tsx) to
 * the document's scripts. Empty in the browser, which never reads it (a browser hides the attribute).
 */
export const NonceContext = createContext('')

export const useNonce = () => useContext(NonceContext)
