import { useState, type FormEvent } from 'react'
import { AdminCoins } from '@comics/react'

/**
 * A reader's coins (their id is shown with each payment): the balance, the coin history and a manual
 * credit with its reason, through the kit's AdminCoins.
 */
export function CoinsPanel() {
  const [typed, setTyped] = useState('')
  const [userId, setUserId] = useState<string | null>(null)
  const show = (event: FormEvent) => {
    event.preventDefault()
    const id = typed.trim()
    setUserId(id.length > 0 ? id : null)
  }
  return (
    <section className="site-admin__panel" aria-labelledby="site-admin-coins">
      <h2 id="site-admin-coins">Reader coins</h2>
      <form className="site-admin__row" aria-label="Find a reader's coins" onSubmit={show}>
        <label htmlFor="site-admin-coins-user">Reader id</label>
        <input id="site-admin-coins-user" className="comics-input" value={typed} maxLength={128} onChange={(event) => setTyped(event.target.value)} />
        <button type="submit" className="comics-button" data-variant="ghost">Show coins</button>
      </form>
      {userId && <AdminCoins key={userId} userId={userId} />}
    </section>
  )
}
