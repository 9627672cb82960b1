import type { ClientLoaderFunctionArgs, LoaderFunctionArgs } from 'react-router'
import ReaderScreen from '../screens/ReaderScreen'
import { type ScreenData } from '../app/screenData'
import { ScreenWithData, screenClientLoader, screenHeaders, screenMeta, type ScreenLoaderData, screenShouldRevalidate } from '../app/screenLoader'
import { screenLoader } from '../app/screenLoader.server'
import { customReader } from '../app/siteRequest.server'
import { comicHeadQueries, readerLanding } from './episodeQueries'
import { readerHead } from './screenHeads'

const screen: ScreenData = { queries: readerLanding(true), headQueries: comicHeadQueries, head: readerHead(true) }

// The reader's document checks the reader settings before its first paint (src/app/documentScripts.ts).
export const handle = { reader: true }

export const loader = (args: LoaderFunctionArgs) => screenLoader(args, screen, { browserRendered: customReader, shared: true })
export const clientLoader = (args: ClientLoaderFunctionArgs) => screenClientLoader(args, screen)
export const meta = screenMeta
export const shouldRevalidate = screenShouldRevalidate
export const headers = screenHeaders

export default function ReaderUncensoredRoute({ loaderData }: { loaderData: ScreenLoaderData }) {
  return <ScreenWithData data={loaderData}><ReaderScreen uncensored /></ScreenWithData>
}
