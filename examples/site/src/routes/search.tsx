import type { ClientLoaderFunctionArgs, LoaderFunctionArgs } from 'react-router'
import SearchScreen from '../screens/SearchScreen'
import { fixedHead, type ScreenData } from '../app/screenData'
import { ScreenWithData, screenClientLoader, screenHeaders, screenMeta, type ScreenLoaderData, screenShouldRevalidate } from '../app/screenLoader'
import { screenLoader } from '../app/screenLoader.server'

const screen: ScreenData = { head: fixedHead({ kind: 'notFound' }) }

export const loader = (args: LoaderFunctionArgs) => screenLoader(args, screen)
export const clientLoader = (args: ClientLoaderFunctionArgs) => screenClientLoader(args, screen)
export const meta = screenMeta
export const shouldRevalidate = screenShouldRevalidate
export const headers = screenHeaders

export default function SearchRoute({ loaderData }: { loaderData: ScreenLoaderData }) {
  return <ScreenWithData data={loaderData}><SearchScreen /></ScreenWithData>
}
