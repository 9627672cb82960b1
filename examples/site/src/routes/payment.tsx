import type { ClientLoaderFunctionArgs, LoaderFunctionArgs } from 'react-router'
import PaymentScreen from '../screens/PaymentScreen'
import { fixedHead, type ScreenData } from '../app/screenData'
import { ScreenWithData, screenClientLoader, screenHeaders, screenMeta, type ScreenLoaderData, screenShouldRevalidate } from '../app/screenLoader'
import { screenLoader } from '../app/screenLoader.server'
import { RequireSignIn } from './RequireSignIn'

const screen: ScreenData = { head: fixedHead({ kind: 'payment' }) }

export const loader = (args: LoaderFunctionArgs) => screenLoader(args, screen, { signedInOnly: true })
export const clientLoader = (args: ClientLoaderFunctionArgs) => screenClientLoader(args, screen, { signedInOnly: true })
export const meta = screenMeta
export const shouldRevalidate = screenShouldRevalidate
export const headers = screenHeaders

export default function PaymentRoute({ loaderData }: { loaderData: ScreenLoaderData }) {
  return (
    <ScreenWithData data={loaderData}>
      <RequireSignIn><PaymentScreen /></RequireSignIn>
    </ScreenWithData>
  )
}
