import { act, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@comics/core'
import { createMockState } from '@comics/mocks'
import { useCheckout, usePaymentMethods } from '../../src/hooks'
import { renderHookWithKit } from '../render'

describe('useCheckout', () => {
  it('requests a checkout with level, plan id and this origin’s /account, then redirects to its url', async () => {
    const state = createMockState()
    const { result, redirect } = renderHookWithKit(() => useCheckout(), { viewer: 'level1', mocks: { state } })
    await act(() => result.current.mutateAsync('12weeks'))
    const started = state.checkouts.at(-1)!
    // The provider sends the reader back to this origin's /account, naming the checkout.
    expect(started).toMatchObject({ level: 3, planId: '12weeks', urlSuccess: `${window.location.origin}/account?checkout=${started.id}` })
    expect(redirect).toHaveBeenCalledTimes(1)
    expect(redirect.mock.calls[0]![0]).toMatch(/^https:\/\/checkout\.comics-mocks\.invalid\/pay\//)
  })

  it('takes a redirect of its own', async () => {
    const own = vi.fn()
    const { result, redirect } = renderHookWithKit(() => useCheckout({ redirect: own }), { viewer: 'free' })
    await act(() => result.current.mutateAsync('4weeks'))
    expect(own).toHaveBeenCalledTimes(1)
    expect(redirect).not.toHaveBeenCalled()
  })

  it('fails without redirecting when the plan is not above the level', async () => {
    const { result, redirect } = renderHookWithKit(() => useCheckout(), { viewer: 'level3' })
    act(() => result.current.mutate('1week'))
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error).toBeInstanceOf(ApiError)
    expect(redirect).not.toHaveBeenCalled()
  })
})

describe('usePaymentMethods', () => {
  it('lists deposit methods only', async () => {
    const { result } = renderHookWithKit(() => usePaymentMethods(), { viewer: 'free' })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data!.length).toBeGreaterThan(0)
    expect(result.current.data!.every((m) => m.type === 'deposit')).toBe(true)
  })
})
