import { randomBytes } from 'node:crypto'
import { createUser } from '@comics/auth-emulator'
import { getPlan, PLANS } from '@comics/core/rules'
import { inject } from 'vitest'
import type { Database } from '../../src/db/database'
import { subscriptions } from '../../src/db/schema'
import { subscriptionPeriodEnd as periodEnd } from '@comics/core/rules'

/**
 * The callers of the authorization matrix. `expired`: a level 3 subscription still marked `active` whose
 * period ends exactly now (the renewal job has not run). `cancelled`: a level 3 subscription cancelled a
 * day ago, a week still left in its period.
 */
export type Role = 'guest' | 'reader' | 'level1' | 'level2' | 'level3' | 'level4' | 'admin' | 'expired' | 'cancelled'
export const ROLES: readonly Role[] = ['guest', 'reader', 'level1', 'level2', 'level3', 'level4', 'admin', 'expired', 'cancelled']

export interface Account {
  role: Role
  uid: string
  email: string
  idToken: string
}

/**
 * A new account in the Auth emulator with a unique email, optionally an admin. The emulator is the test
 * run's unless `emulatorHost` names one (outside Vitest).
 */
export async function createAccount(role: Role, options: { admin?: boolean; emulatorHost?: string } = {}): Promise<Account> {
  const email = `${role}-${randomBytes(5).toString('hex')}@example.com`
  const input = { email, password: 'secret-123', ...(options.admin ? { claims: { admin: true } } : {}) }
  // The shared emulator sometimes drops a kept-alive socket under load ('other side closed'); the
  // account is not created then, so asking again is safe.
  for (let attempt = 1; ; attempt++) {
    try {
      const account = await createUser(options.emulatorHost ?? inject('authEmulatorHost'), input)
      return { role, email, ...account }
    } catch (error) {
      if (attempt >= 3 || !(error instanceof TypeError)) throw error
    }
  }
}

/** Gives a user an active subscription of a level, as a paid checkout would. */
export async function grantLevel(db: Database, userId: string, level: number, now: Date): Promise<void> {
  const plan = PLANS.find((p) => p.level === level) ?? getPlan('1week')!
  await db.insert(subscriptions).values({
    userId,
    planId: plan.id,
    level: plan.level,
    status: 'active',
    currentPeriodStart: now,
    currentPeriodEnd: periodEnd(now, plan.weeks),
    autoRenew: true,
    createdAt: now,
  })
}

/**
 * A level `level` subscription row as the renewal and cancel jobs would leave it, written directly: status
 * `active`, the period ending at `periodEnd`, cancelled at `cancelledAt` when given.
 */
export async function insertSubscription(
  db: Database,
  userId: string,
  row: { level: number; periodEnd: Date; cancelledAt?: Date },
): Promise<void> {
  const plan = PLANS.find((p) => p.level === row.level) ?? getPlan('1week')!
  const start = new Date(row.periodEnd.getTime() - plan.weeks * 7 * 24 * 3_600_000)
  await db.insert(subscriptions).values({
    userId,
    planId: plan.id,
    level: plan.level,
    status: 'active',
    currentPeriodStart: start,
    currentPeriodEnd: row.periodEnd,
    autoRenew: row.cancelledAt === undefined,
    cancelledAt: row.cancelledAt ?? null,
    createdAt: start,
  })
}

/** One account per signed-in role, subscribed as its name says. */
export async function createRoleAccounts(db: Database, now: Date): Promise<Record<Exclude<Role, 'guest'>, Account>> {
  const [reader, level1, level2, level3, level4, admin, expired, cancelled] = await Promise.all([
    createAccount('reader'),
    createAccount('level1'),
    createAccount('level2'),
    createAccount('level3'),
    createAccount('level4'),
    createAccount('admin', { admin: true }),
    createAccount('expired'),
    createAccount('cancelled'),
  ])
  for (const [account, level] of [[level1, 1], [level2, 2], [level3, 3], [level4, 4]] as const) {
    await grantLevel(db, account!.uid, level, now)
  }
  const DAY = 24 * 3_600_000
  await insertSubscription(db, expired!.uid, { level: 3, periodEnd: now })
  await insertSubscription(db, cancelled!.uid, { level: 3, periodEnd: new Date(now.getTime() + 7 * DAY), cancelledAt: new Date(now.getTime() - DAY) })
  return {
    reader: reader!, level1: level1!, level2: level2!, level3: level3!, level4: level4!, admin: admin!,
    expired: expired!, cancelled: cancelled!,
  }
}

export const bearer = (account: Account | undefined): Record<string, string> =>
  account ? { authorization: `Bearer ${account.idToken}` } : {}
