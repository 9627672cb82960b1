import type { ClientLoaderFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { comicsQueryOptions } from '@comics/react'
import HomeScreen from '../screens/HomeScreen'
import { asScreenQueries, fixedHead, type ScreenData } from '../app/screenData'
import { ScreenWithData, screenClientLoader, screenHeaders, screenMeta, type ScreenLoaderData, screenShouldRevalidate } from '../app/screenLoader'
import { screenLoader } from '../app/screenLoader.server'

/** Home's first queries: the newest comics (ComicCarousel). */
const screen: ScreenData = { queries: ({ api, siteMode }) => asScreenQueries(comicsQueryOptions(api, siteMode, { preset: 'home' })), head: fixedHead({ kind: 'home' }, { kind: 'home' }) }

export const loader = (args: LoaderFunctionArgs) => screenLoader(args, screen, { shared: true })
export const clientLoader = (args: ClientLoaderFunctionArgs) => screenClientLoader(args, screen)
export const meta = screenMeta
export const shouldRevalidate = screenShouldRevalidate
export const headers = screenHeaders

export default function HomeRoute({ loaderData }: { loaderData: ScreenLoaderData }) {
  return <ScreenWithData data={loaderData}><HomeScreen /></ScreenWithData>
}
