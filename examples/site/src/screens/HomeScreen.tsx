import { ComicCarousel, FeaturedCarousel, SaleBanner } from '@comics/react'

/**
 * Home (spec §2): the featured carousel of the host's mode (site config), 'Something New' (the ten
 * newest comics) and the sale banner.
 */
export default function HomeScreen() {
  return (
    <div className="site-home">
      <FeaturedCarousel />
      <ComicCarousel />
      <SaleBanner />
    </div>
  )
}
