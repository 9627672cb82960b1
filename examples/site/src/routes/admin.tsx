import type { ClientLoaderFunctionArgs, LoaderFunctionArgs } from 'react-router'
import AdminScreen from '../admin/AdminScreen'
import { fixedHead, type ScreenData } from '../app/screenData'
import { ScreenWithData, screenClientLoader, screenHeaders, screenMeta, type ScreenLoaderData, screenShouldRevalidate } from '../app/screenLoader'
import { screenLoader } from '../app/screenLoader.server'

const screen: ScreenData = { head: fixedHead({ kind: 'admin' }) }

// The browser's screen (it reads the page's address and session): the server sends the document without it.
export const loader = (args: LoaderFunctionArgs) => screenLoader(args, screen, { browserRendered: () => true })
export const clientLoader = (args: ClientLoaderFunctionArgs) => screenClientLoader(args, screen)
export const meta = screenMeta
export const shouldRevalidate = screenShouldRevalidate
export const headers = screenHeaders

export default function AdminRoute({ loaderData }: { loaderData: ScreenLoaderData }) {
  return <ScreenWithData data={loaderData}><AdminScreen /></ScreenWithData>
}
