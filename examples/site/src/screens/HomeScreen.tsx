import { SaleBanner } from '@comics/react'

/** Home (spec §2): the featured carousel of the mode, 'Something New' and the sale banner. */
export default function HomeScreen() {
  return (
    <div className="site-home">
      <SaleBanner />
    </div>
  )
}
