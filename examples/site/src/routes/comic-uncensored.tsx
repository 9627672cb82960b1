import type { ClientLoaderFunctionArgs, LoaderFunctionArgs } from 'react-router'
import ComicScreen from '../screens/ComicScreen'
import { type ScreenData } from '../app/screenData'
import { ScreenWithData, screenClientLoader, screenHeaders, screenMeta, type ScreenLoaderData, screenShouldRevalidate } from '../app/screenLoader'
import { screenLoader } from '../app/screenLoader.server'
import { comicLanding } from './comicQueries'
import { comicHeadQueries } from './episodeQueries'
import { comicHead } from './screenHeads'

const screen: ScreenData = { queries: comicLanding, headQueries: comicHeadQueries, head: comicHead(true) }

export const loader = (args: LoaderFunctionArgs) => screenLoader(args, screen, { shared: true })
export const clientLoader = (args: ClientLoaderFunctionArgs) => screenClientLoader(args, screen)
export const meta = screenMeta
export const shouldRevalidate = screenShouldRevalidate
export const headers = screenHeaders

export default function ComicUncensoredRoute({ loaderData }: { loaderData: ScreenLoaderData }) {
  return <ScreenWithData data={loaderData}><ComicScreen uncensored /></ScreenWithData>
}
