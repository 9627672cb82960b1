import { useEffect } from 'react'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
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
const AUDIT_LOG_KEY = ['comics-kit', 'audit-log'] as const

/**
 * The audit log for an admin (POST /admin/audit/list), newest first, a page at a time: `loadMore` asks
 * for the next older page while `hasMore`. Always read from the API, and asked again after every write
 * the app makes through the query client (a mutation that succeeds) and after pages are uploaded, so the
 * admin's own change shows at once.
 */
export function useAuditLog({ comicsId, pageSize = 50 }: AuditLogOptions = {}) {
  const { api } = useComicsContext('useAuditLog')
  const queryClient = useQueryClient()
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY })
      }),
    [queryClient],
  )
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
