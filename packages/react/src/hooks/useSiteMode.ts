import type { SiteMode } from '@comics/core'
import { useComicsContext } from './useComicsContext'

/**
 * The host's mode: 'adult' (AO) or 'normal' (T and M).
 * @example const isAdult = useSiteMode() === 'adult'
 */
export function useSiteMode(): SiteMode {
  return useComicsContext('useSiteMode').siteMode
}
