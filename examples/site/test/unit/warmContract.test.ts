import { describe, expect, it } from 'vitest'
import { warmContract } from '../../src/warmContract'

describe("the contract's warm-up", () => {
  it('parses a valid sample with every schema it builds: a sample the contract refused would leave parts unbuilt', () => {
    const passed = warmContract()
    expect(passed).toHaveLength(7)
    expect(passed.every(Boolean)).toBe(true)
  })
})
