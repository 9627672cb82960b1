import type { ComicsApi } from '@comics/core'
import { useComicsContext } from './useComicsContext'

/**
 * The provider's API client, for calls the kit's hooks do not cover (admin screens).
 * @example
 * const api = useApi()
 * await api.genres.update('3', { mature: true })
 */
export function useApi(): ComicsApi {
  return useComicsContext('useApi').api
}
