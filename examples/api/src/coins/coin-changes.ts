import type { Database } from '../db/database'

/** The readers whose coins each open coin transaction changed (keyed by the transaction's handle). */
const changedIn = new WeakMap<object, Set<string>>()
/** Told of each reader whose coins a transaction on this database changed, once it has ended. */
const listeners = new WeakMap<object, Set<(uid: string) => void>>()

/**
 * A transaction that may write readers' coins (coin_balances, coin_ledger): every reader whose coins it
 * changes ({@link coinsChangedIn}, which `lockCoinAccount` calls) is told to the database's listeners
 * ({@link onCoinsChanged}: the server's reader cache, which drops their kept balance here and on the other
 * instances) once it has ended, committed or not, before its caller goes on. A coin write outside such a
 * transaction is refused, so no writer can forget to tell.
 */
export async function coinTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  const changed = new Set<string>()
  try {
    return await db.transaction((transaction) => {
      const tx = transaction as unknown as Database
      changedIn.set(tx, changed)
      return work(tx)
    })
  } finally {
    // After the commit (or the rollback, when nothing changed: dropping then costs one read).
    if (changed.size > 0) {
      for (const listener of [...(listeners.get(db) ?? [])]) for (const uid of changed) listener(uid)
    }
  }
}

/** Within a {@link coinTransaction}: the reader's coins are being changed. Throws in any other transaction. */
export function coinsChangedIn(tx: Database, uid: string): void {
  const changed = changedIn.get(tx)
  if (!changed) throw new Error('A coin write outside coinTransaction: the kept balances would not be told of it')
  changed.add(uid)
}

/** Calls `listener` with each reader whose coins a transaction on `db` changed; answers the function that stops it. */
export function onCoinsChanged(db: Database, listener: (uid: string) => void): () => void {
  let all = listeners.get(db)
  if (!all) listeners.set(db, (all = new Set()))
  all.add(listener)
  return () => void all.delete(listener)
}
