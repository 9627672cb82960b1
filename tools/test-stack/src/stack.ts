import { inject } from 'vitest'
import type { E2eStack } from './stackContext'

/** The running stack the global setup started. */
export function e2eStack(): E2eStack {
  return inject('stack')
}
