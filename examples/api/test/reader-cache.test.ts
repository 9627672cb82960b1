import { describe, expect, it } from 'vitest'
import { CatalogueCache } from '../src/catalogue/catalogue-cache'
import type { Notifications } from '../src/db/database'
import { ANNOUNCE_INTERVAL_MS, READER_CHANGED_CHANNEL, ReaderCache, shareReaderChanges } from '../src/reading/reader-cache'
import { ManualClock } from './support/manual-clock'

const quietLog = { warn: () => undefined, info: () => undefined }

/** Counts the loads of each reader's value: a kept value is not loaded again. */
function counted() {
  const loads: string[] = []
  const load = (what: string) => async () => {
    loads.push(what)
    return { what, at: loads.length }
  }
  return { loads, load }
}

/** Notifications between instances in this process, recording what was sent. */
function bus() {
  const sent: string[] = []
  const listeners = new Set<(payload: string) => void>()
  const notifications: Notifications = {
    notify: async (channel, payload) => {
      expect(channel).toBe(READER_CHANGED_CHANNEL)
      sent.push(payload)
      setImmediate(() => listeners.forEach((listener) => listener(payload)))
    },
    listen: async (_channel, onMessage) => {
      listeners.add(onMessage)
      return async () => void listeners.delete(onMessage)
    },
  }
  return { sent, notifications }
}
const nextTurns = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)))

describe('ReaderCache', () => {
  it("keeps a reader's value until that reader's write, and drops only what the write names", async () => {
    const readers = new ReaderCache(new CatalogueCache())
    const { loads, load } = counted()
    const first = await readers.get('ann', 'positions', load('ann positions'))
    expect(await readers.get('ann', 'positions', load('ann positions'))).toBe(first)
    await readers.get('ann', 'follows normal', load('ann follows'))
    await readers.get('bob', 'positions', load('bob positions'))
    expect(loads).toEqual(['ann positions', 'ann follows', 'bob positions'])

    // A follow: Ann's follows go, her positions and Bob's stay.
    readers.changed('ann', (key) => key !== 'positions')
    await readers.get('ann', 'positions', load('ann positions'))
    await readers.get('ann', 'follows normal', load('ann follows'))
    await readers.get('bob', 'positions', load('bob positions'))
    expect(loads).toEqual(['ann positions', 'ann follows', 'bob positions', 'ann follows'])
    readers.changed('ann')
    expect(readers.peek('ann', 'positions')).toBeUndefined()
    expect(readers.peek('bob', 'positions')).toBeDefined()
  })

  it('does not keep a value whose load a write of the reader or a catalogue change overtook, and drops everything on a catalogue change', async () => {
    const catalogue = new CatalogueCache()
    const readers = new ReaderCache(catalogue)
    let finish!: (value: string) => void
    const slow = readers.get('ann', 'positions', () => new Promise<string>((resolve) => (finish = resolve)))
    readers.changed('ann') // the reader's sync lands while the read is under way
    finish('before the sync')
    expect(await slow).toBe('before the sync')
    expect(readers.peek('ann', 'positions')).toBeUndefined()

    const during = readers.get('ann', 'positions', () => new Promise<string>((resolve) => (finish = resolve)))
    catalogue.invalidate() // an admin write while it is read
    finish('before the edit')
    await during
    expect(readers.peek('ann', 'positions')).toBeUndefined()

    const { loads, load } = counted()
    await readers.get('ann', 'positions', load('kept'))
    catalogue.invalidate()
    await readers.get('ann', 'positions', load('read again'))
    expect(loads).toEqual(['kept', 'read again'])
  })

  it('goes with the catalogue at a scheduled release: the follows count the new episode', async () => {
    const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'))
    const release = new Date('2026-03-01T13:00:00Z')
    const readers = new ReaderCache(new CatalogueCache(100, { clock, nextPublishTime: async (after) => (after < release ? release : null) }))
    const { loads, load } = counted()
    await readers.get('ann', 'follows normal', load('before'))
    await readers.get('ann', 'follows normal', load('before'))
    clock.set(release)
    await readers.get('ann', 'follows normal', load('after'))
    expect(loads).toEqual(['before', 'after'])
  })

  it("reads a value with a maximum age of its own again once it has passed, even with no write announced", async () => {
    let now = 1_000_000
    const readers = new ReaderCache(new CatalogueCache(), 20_000, () => now)
    const { loads, load } = counted()
    await readers.get('ann', 'balance', load('first'), { maxAgeMs: 5_000 })
    await readers.get('ann', 'positions', load('positions'))
    now += 4_999
    await readers.get('ann', 'balance', load('too early'), { maxAgeMs: 5_000 })
    now += 1
    await readers.get('ann', 'balance', load('aged'), { maxAgeMs: 5_000 })
    // Without a bound of its own a value waits for a write (or the catalogue cache's own age).
    now += 3_600_000
    await readers.get('ann', 'positions', load('positions again'))
    expect(loads).toEqual(['first', 'positions', 'aged'])
  })

  it('keeps at most its bound of readers, the least recently read going first', async () => {
    const readers = new ReaderCache(new CatalogueCache(), 2)
    const { load } = counted()
    await readers.get('ann', 'positions', load('ann'))
    await readers.get('bob', 'positions', load('bob'))
    await readers.get('ann', 'positions', load('ann'))
    await readers.get('cat', 'positions', load('cat'))
    expect(readers.peek('ann', 'positions')).toBeDefined()
    expect(readers.peek('bob', 'positions')).toBeUndefined()
    expect(readers.peek('cat', 'positions')).toBeDefined()
  })
})

describe('shareReaderChanges', () => {
  it("drops a reader on the other instances, and sends the writes of one turn in one notification under PostgreSQL's payload limit", async () => {
    const { sent, notifications } = bus()
    const here = new ReaderCache(new CatalogueCache())
    const there = new ReaderCache(new CatalogueCache())
    await shareReaderChanges(here, notifications, quietLog)
    await shareReaderChanges(there, notifications, quietLog)
    const { load } = counted()
    const uids = Array.from({ length: 300 }, (_, i) => `reader-${String(i).padStart(3, '0')}-${'x'.repeat(40)}`)
    for (const uid of uids) {
      await here.get(uid, 'positions', load(uid))
      await there.get(uid, 'positions', load(uid))
    }
    for (const uid of uids) here.changed(uid)
    here.changed(uids[0]!)
    await nextTurns()
    // 300 uids of 51 characters (15.6 kB with their spaces): three notifications, each under 8,000 bytes,
    // every uid once.
    expect(sent).toHaveLength(3)
    for (const payload of sent) expect(Buffer.byteLength(payload)).toBeLessThan(8_000)
    expect(sent.flatMap((payload) => payload.split(' ').slice(1)).sort()).toEqual([...uids].sort())
    for (const uid of uids) expect(there.peek(uid, 'positions'), uid).toBeUndefined()
    // An instance does not drop what it kept on hearing its own announcement.
    await here.get('zed', 'positions', load('zed'))
    here.changed('ann')
    await nextTurns()
    expect(here.peek('zed', 'positions')).toBeDefined()
  })

  it('announces a write after a quiet moment on the next turn, and the writes that follow at most once an interval, none lost', async () => {
    const { sent, notifications } = bus()
    const here = new ReaderCache(new CatalogueCache())
    const there = new ReaderCache(new CatalogueCache())
    await shareReaderChanges(here, notifications, quietLog)
    const stopThere = await shareReaderChanges(there, notifications, quietLog)
    here.changed('first')
    await nextTurns()
    expect(sent.map((payload) => payload.split(' ').slice(1))).toEqual([['first']])
    // Readers turning pages: 100 writes, one every millisecond or so.
    const uids = Array.from({ length: 100 }, (_, i) => `reader-${i}`)
    const startedAt = performance.now()
    for (const uid of uids) {
      here.changed(uid)
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
    const lasted = performance.now() - startedAt
    await new Promise((resolve) => setTimeout(resolve, 2 * ANNOUNCE_INTERVAL_MS))
    // One announcement per interval at most, the last one included (100 without the interval).
    expect(sent.length - 1).toBeLessThanOrEqual(Math.ceil(lasted / ANNOUNCE_INTERVAL_MS) + 1)
    expect(sent.slice(1).flatMap((payload) => payload.split(' ').slice(1))).toEqual(uids)
    // What waits when an instance stops is announced then.
    there.changed('last')
    await stopThere()
    expect(sent.at(-1)!.split(' ').slice(1)).toEqual(['last'])
  })
})
