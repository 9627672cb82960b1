import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import { chromiumPerFile } from '@comics/test-stack/browser'
import { payForSelectedPlan, selectedPlan } from '@comics/test-stack/premium'
import { e2eStack } from '@comics/test-stack/stack'
import { prepareVisitor, signUpByEmail, uniqueEmail } from '@comics/test-stack/visitor'

// The account page's 'Download my data': a JSON file of what the service holds about the reader.
const stack = e2eStack()
const chromium = chromiumPerFile()

describe('download my data', () => {
  test("a subscriber downloads a JSON file with their profile, subscription and payment", async () => {
    const visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    const email = uniqueEmail('export')
    await page.goto(`${stack.adultOrigin}/`)
    await signUpByEmail(page, email)
    await page.goto(`${stack.adultOrigin}/premium`)
    await expect.poll(() => selectedPlan(page)).not.toBeNull()
    const planId = await selectedPlan(page)
    await payForSelectedPlan(page, stack.adultOrigin)

    const button = page.getByRole('button', { name: 'Download my data' })
    await expect.poll(() => button.isVisible(), { timeout: 20_000 }).toBe(true)
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()])
    expect(download.suggestedFilename()).toBe('my-comics-data.json')
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      profile: { uid: string; email: string }
      subscriptions: { userId: string; planId: string; status: string }[]
      payments: { planId: string; kind: string; amount: number }[]
      checkouts: { planId: string; status: string }[]
    }
    expect(exported.profile.email).toBe(email)
    expect(exported.subscriptions).toEqual([expect.objectContaining({ userId: exported.profile.uid, planId, status: 'active' })])
    expect(exported.payments).toEqual([expect.objectContaining({ planId, kind: 'first-purchase' })])
    expect(exported.payments[0]!.amount).toBeGreaterThan(0)
    expect(exported.checkouts).toEqual([expect.objectContaining({ planId, status: 'paid' })])
  })
})
