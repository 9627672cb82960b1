import type { MockCommentsState } from './commentsResolvers'
import type { Transcript, Asset, AuditEntry, Chapter, CoinLedgerEntry, CoinUnlock, Comic, Genre, Payment, PaymentMethod, ReaderSettingsEntity, ReadingProgressEntry, Subscription } from '@comics/core/contract'
import { MOCK_ASSETS } from '../fixtures/assets'
import { fixtureAuditLog } from '../fixtures/audit'
import { MOCK_CHAPTERS } from '../fixtures/chapters'
import { MOCK_COMICS } from '../fixtures/comics'
import { MOCK_GENRES } from '../fixtures/genres'
import { MOCK_PAYMENT_METHODS } from '../fixtures/paymentMethods'
import { MOCK_PAYMENTS } from '../fixtures/payments'
import { MOCK_SUBSCRIPTIONS } from '../fixtures/subscriptions'
import { MOCK_TRANSCRIPTS } from '../fixtures/transcripts'
import type { WaitForFreeSetting } from '@comics/core/rules'

/** A checkout started by a viewer, waiting for its payment. */
export interface MockCheckout {
  id: string
  userId: string
  /** 'subscription' (absent: the same) buys `planId`; 'coins' buys the coin pack `planId` (level 0). */
  kind?: 'subscription' | 'coins'
  planId: string
  level: number
  /** Where the provider sends the browser back: the requested urlSuccess with `?checkout={id}`. */
  urlSuccess: string
  /**
   * What the (mock) payment provider says of it: POST /subscriptions grants only a 'paid' one. Change it
   * with `settleMockCheckout`, as a reader paying on the provider's page would.
   */
  status: 'open' | 'processing' | 'paid' | 'declined' | 'cancelled'
  /** The amount the provider charges, in cents (core `priceToPay` when it opened). */
  amount: number
  /** Set once granted; confirming again answers the same subscription. */
  subscriptionId: string | null
  /** A coin pack's credit, once credited; confirming again answers the same entry. */
  coinEntryId?: string | null
}

/** The mutable data behind one set of handlers. */
export interface MockState {
  genres: Genre[]
  comics: Comic[]
  chapters: Chapter[]
  assets: Asset[]
  /** Episodes' transcripts by chapter id (a chapter with one has `hasTranscript`). */
  transcripts: Record<string, Transcript>
  subscriptions: Subscription[]
  /** Money taken: core `isFirstPurchase` reads a viewer's to price their next purchase. */
  payments: Payment[]
  paymentMethods: PaymentMethod[]
  checkouts: MockCheckout[]
  /** The coin ledger of every viewer, oldest first (core `ledgerBalance` gives a balance). */
  coinLedger: CoinLedgerEntry[]
  /** Episodes unlocked with coins. */
  coinUnlocks: CoinUnlock[]
  /** The audit log of admin writes, oldest first: each admin write that succeeds adds one entry. */
  auditLog: AuditEntry[]
  /** Each viewer's synced reading positions (by user id), most recent first. */
  readingProgress: Record<string, ReadingProgressEntry[]>
  /** Each viewer's followed comics (by user id), `followedAt` in milliseconds. */
  follows: Record<string, { comicId: string; followedAt: number }[]>
  /** Each viewer's reader settings by user id, once saved (the latest change wins, as the reference API). */
  readerSettings: Record<string, ReaderSettingsEntity>
  /** Each comic's free-after-a-wait setting, once an admin set one (absent: off, core `WAIT_FOR_FREE_OFF`). */
  waitForFree: Record<string, WaitForFreeSetting>
  /** Each viewer's last free unlock per comic (key `userId:comicId`), in milliseconds. */
  waitForFreeTimers: Record<string, number>
  /** Comments, likes and suspensions, made on first use (see commentsResolvers). */
  comments?: MockCommentsState
  /** Source of new ids; each new record takes the next number. */
  sequence: number
}

/**
 * A fresh copy of the fixture catalogue that handlers may change (admin calls, payments, cancels)
 * without touching the fixtures or another set of handlers.
 * @example
 * const state = createMockState()
 * server.use(...createHandlers({ state }))
 * // later: expect(state.subscriptions.some((s) => s.userId === 'user-reader')).toBe(true)
 */
export function createMockState(): MockState {
  const comics = structuredClone([...MOCK_COMICS])
  const chapters = structuredClone([...MOCK_CHAPTERS])
  return {
    genres: structuredClone([...MOCK_GENRES]),
    comics,
    chapters,
    assets: structuredClone([...MOCK_ASSETS]),
    transcripts: structuredClone({ ...MOCK_TRANSCRIPTS }),
    subscriptions: structuredClone([...MOCK_SUBSCRIPTIONS]),
    payments: structuredClone([...MOCK_PAYMENTS]),
    paymentMethods: structuredClone([...MOCK_PAYMENT_METHODS]),
    checkouts: [],
    coinLedger: [],
    coinUnlocks: [],
    auditLog: fixtureAuditLog({ comics, chapters }),
    readingProgress: {},
    follows: {},
    readerSettings: {},
    waitForFree: {},
    waitForFreeTimers: {},
    sequence: 1000,
  }
}

/** The next free id of the state, as a string. */
export function nextMockId(state: MockState, prefix = ''): string {
  state.sequence += 1
  return `${prefix}${state.sequence}`
}
