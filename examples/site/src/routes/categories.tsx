import type { ClientLoaderFunctionArgs, LoaderFunctionArgs } from 'react-router'
import CategoriesScreen from '../screens/CategoriesScreen'
import { fixedHead, type ScreenData } from '../app/screenData'
import { ScreenWithData, screenClientLoader, screenHeaders, screenMeta, type ScreenLoaderData, screenShouldRevalidate } from '../app/screenLoader'
import { screenLoader } from '../app/screenLoader.server'
import { categoriesLanding } from './categoriesQueries'

const screen: ScreenData = { queries: categoriesLanding, head: fixedHead({ kind: 'categories' }, { kind: 'categories' }) }

export const loader = (args: LoaderFunctionArgs) => screenLoader(args, screen, { shared: true })
export const clientLoader = (args: ClientLoaderFunctionArgs) => screenClientLoader(args, screen)
export const meta = screenMeta
export const shouldRevalidate = screenShouldRevalidate
export const headers = screenHeaders

export default function CategoriesRoute({ loaderData }: { loaderData: ScreenLoaderData }) {
  return <ScreenWithData data={loaderData}><CategoriesScreen /></ScreenWithData>
}
