import type { ClientLoaderFunctionArgs, LoaderFunctionArgs } from 'react-router'
import HomeScreen from '../screens/HomeScreen'
import { fixedHead, type ScreenData } from '../app/screenData'
import { ScreenWithData, screenClientLoader, screenHeaders, screenMeta, type ScreenLoaderData } from '../app/screenLoader'
import { screenLoader } from '../app/screenLoader.server'
import { homeLanding } from './landingQueries'

const screen: ScreenData = { queries: homeLanding, head: fixedHead({ kind: 'home' }, { kind: 'home' }) }

export const loader = (args: LoaderFunctionArgs) => screenLoader(args, screen)
export const clientLoader = (args: ClientLoaderFunctionArgs) => screenClientLoader(args, screen)
export const meta = screenMeta
export const headers = screenHeaders

export default function HomeRoute({ loaderData }: { loaderData: ScreenLoaderData }) {
  return <ScreenWithData data={loaderData}><HomeScreen /></ScreenWithData>
}
