import { useInfiniteQuery } from '@tanstack/react-query'
import type { AuditEntry } from '@comics/core'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'

export interface AuditLogOptions {
  /** Only the changes of this comic; default every change. */
  comicsId?: string
  /** Entries asked per page; default 50. */
  pageSize?: number
}

const NO_ENTRIES: AuditEntry[] = []

/**
 * The audit log for an admin (POST /admin/audit/list), newest first, a page at a time: `loadMore` asks
 * for the next older page while `hasMore`. Always read from the API (admins see the latest changes).
 */
export function useAuditLog({ comicsId, pageSize = 50 }: AuditLogOptions = {}) {
  const { api } = useComicsContext('useAuditLog')
  const query = useInfiniteQuery({
    queryKey: queryKeys.auditLog(comicsId ?? null, pageSize),
    queryFn: async ({ pageParam, signal }) =>
      api.audit.list({ limit: pageSize, offset: pageParam, filters: comicsId ? { comicsId: [comicsId] } : {} }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0)
      return last.data.length > 0 && loaded < (last.total ?? 0) ? loaded : undefined
    },
    staleTime: 0,
  })
  const entries = query.data ? query.data.pages.flatMap((page) => page.data) : NO_ENTRIES
  return {
    entries,
    total: query.data?.pages.at(-1)?.total ?? 0,
    isPending: query.isPending,
    error: query.error,
    refetch: query.refetch,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  }
}
