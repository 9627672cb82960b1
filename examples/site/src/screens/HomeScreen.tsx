import { ComicCarousel, FeaturedCarousel, SaleBanner, useMessages } from '@comics/react'

/**
 * Home (spec §2): the featured carousel of the host's mode (site config), 'Something New' (the ten
 * newest comics) and the sale banner. Its one heading of the first level names the service for screen
 * readers (the carousel's slides are the page's visible headline).
 */
export default function HomeScreen() {
  const messages = useMessages()
  return (
    <div className="site-home">
      <h1 className="comics-visually-hidden">{messages['page.homeHeading']}</h1>
      <FeaturedCarousel />
      <ComicCarousel />
      <SaleBanner />
    </div>
  )
}
