import type { Envelope } from '@comics/core/contract'

/** One page of `items` in the contract's envelope, with the total before paging. */
export function pageOf<T>(items: readonly T[], paging: { limit: number; offset: number }): Envelope<T> {
  return { data: items.slice(paging.offset, paging.offset + paging.limit), total: items.length }
}

/** Sorts a copy by a key, ascending or descending; ties keep their order. */
export function sortedBy<T>(
  items: readonly T[],
  key: (item: T) => string | number,
  order: 'asc' | 'desc' = 'asc',
): T[] {
  const direction = order === 'desc' ? -1 : 1
  return [...items].sort((a, b) => {
    const left = key(a)
    const right = key(b)
    if (typeof left === 'number' && typeof right === 'number') return (left - right) * direction
    return String(left).localeCompare(String(right)) * direction
  })
}

/**
 * Whether a list filter lets a value through. An absent filter lets everything through; a present
 * one is a list of allowed values, so an empty list lets nothing through (no last-read ids, no comics).
 */
export function passes<T>(filter: readonly T[] | undefined, value: T | undefined): boolean {
  return filter === undefined || (value !== undefined && filter.includes(value))
}
