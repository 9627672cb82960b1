import type { Browser, BrowserContext } from 'playwright'
import { measurePageLoad, type SitePage } from './pageLoads'
import { chunkOfSource } from './routerManifest'

/** The lazy parts that bring likes and comments to a page (src/comments/lazyParts.ts), by page. */
const COMMENT_MODULES: Partial<Record<SitePage['name'], string>> = {
  comic: 'src/comments/ComicReactions.tsx',
  reader: 'src/comments/EpisodeComments.tsx',
}

/** A module in place of a comments chunk: the same export, which renders nothing and calls nothing. */
const EMPTY_PART = 'export default function NoComments() { return null }\n'

export interface CommentsCost {
  page: SitePage['name']
  /** Every first visit's LCP, with the comments as built and with their chunk answered by an empty part. */
  withMs: number[]
  withoutMs: number[]
  /** Requests of each visit that only the comments made (their chunk and the calls it sent). */
  commentRequests: number[]
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0

export const commentsCostMedians = (cost: CommentsCost) => ({ withMs: median(cost.withMs), withoutMs: median(cost.withoutMs) })

/**
 * The LCP of a page with its likes and comments and without them, side by side: first visits (slow 4G, 4x
 * CPU) taken in turn, with and without, so that the machine's load falls on both alike. Without, the
 * comments' chunk is answered by a module that renders nothing and the comment calls (the episode list's
 * counts) are refused; with, the same route is in place and lets every request through, so that both pay
 * for it.
 */
export async function measureCommentsCost(
  browser: Browser,
  options: { origin: string; distDir: string; pages: readonly SitePage[]; runs: number },
): Promise<CommentsCost[]> {
  const costs: CommentsCost[] = []
  for (const page of options.pages) {
    const module = COMMENT_MODULES[page.name]
    if (!module) continue
    // A lazy chunk: React Router's manifest lists route modules only; the chunk is found by its source map.
    const chunk = chunkOfSource(options.distDir, `examples/site/${module}`)
    const cost: CommentsCost = { page: page.name, withMs: [], withoutMs: [], commentRequests: [] }
    for (let run = 0; run < options.runs; run++) {
      for (const withComments of [true, false]) {
        let commentRequests = 0
        const prepare = async (context: BrowserContext) => {
          await context.route('**/*', (route) => {
            const { pathname } = new URL(route.request().url())
            const isComments = pathname === chunk || /\/(comments|likes)(\/|$)/.test(pathname)
            if (isComments) commentRequests++
            if (!withComments && pathname === chunk) {
              return route.fulfill({ status: 200, contentType: 'text/javascript', body: EMPTY_PART })
            }
            // The episode list's counts come with the kit, not in the chunk: without comments they are not asked.
            if (!withComments && isComments) return route.abort('blockedbyclient')
            return route.continue()
          })
        }
        const load = await measurePageLoad(browser, { origin: options.origin, distDir: options.distDir, page, prepare })
        if (withComments) {
          if (commentRequests === 0) throw new Error(`${page.name} never asked for its comments: nothing to compare`)
          cost.withMs.push(load.lcpMs)
          cost.commentRequests.push(commentRequests)
        } else {
          cost.withoutMs.push(load.lcpMs)
        }
      }
    }
    costs.push(cost)
  }
  return costs
}
