// Which documents a shared cache (a load balancer's, a CDN's) may keep, and for how long: docs/deploy.md,
// "Guest pages from a shared cache". The same for every guest of a host, and never a signed-in reader's.

/** How long a shared cache answers with a guest's document before it asks the site server again. */
export const SHARED_FRESH_SECONDS = 5
/** How long past that it may still answer with it while it asks for a new one (stale-while-revalidate). */
export const SHARED_REVALIDATE_SECONDS = 25
/** How long past that it may answer with it while the site server fails (stale-if-error). */
export const SHARED_IF_ERROR_SECONDS = 600
/**
 * The longest a catalogue change (an admin's edit, an episode's release) takes to reach a page a shared
 * cache keeps, while the site server answers: what it sends is as old as its fresh time and the stale
 * time after it, at most.
 */
export const SHARED_FRESHNESS_BOUND_SECONDS = SHARED_FRESH_SECONDS + SHARED_REVALIDATE_SECONDS

/**
 * A page's document as one reader's: revalidated on each visit, never kept by a shared cache, and
 * different with the cookies (the signed-in and age marks) and the encoding.
 */
export const PRIVATE_DOCUMENT_HEADERS: Readonly<Record<string, string>> = { 'Cache-Control': 'private, no-cache', Vary: 'Cookie, Accept-Encoding' }

/**
 * A guest's document of a page that holds nothing of the reader's: a browser revalidates it on each
 * visit (max-age=0), a shared cache keeps it for every guest of the host (the address names the host).
 * `Vary: Cookie` keeps a cache that knows nothing of the site's marks from mixing visitors (it keeps a
 * copy per cookie header); the topology's nginx and the CDN setups of docs/deploy.md key on the two
 * marks that change a guest's render instead, and pass a signed-in reader's request by.
 */
export const SHARED_DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': `public, max-age=0, s-maxage=${SHARED_FRESH_SECONDS}, stale-while-revalidate=${SHARED_REVALIDATE_SECONDS}, stale-if-error=${SHARED_IF_ERROR_SECONDS}`,
  Vary: 'Cookie, Accept-Encoding',
}

/** True when `headers` let a shared cache keep the document (its scripts are then admitted by hash, not by a nonce). */
export const isSharedDocument = (headers: Headers): boolean => /(?:^|,)\s*public\b/.test(headers.get('Cache-Control') ?? '')
