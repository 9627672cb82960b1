import type { ClientLoaderFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { routes } from '@comics/core'
import PaymentAndRefundScreen from '../screens/PaymentAndRefundScreen'
import { fixedHead, type ScreenData } from '../app/screenData'
import { ScreenWithData, screenClientLoader, screenHeaders, screenMeta, type ScreenLoaderData, screenShouldRevalidate } from '../app/screenLoader'
import { screenLoader } from '../app/screenLoader.server'

const screen: ScreenData = { head: fixedHead({ kind: 'policy', policy: 'policy.paymentAndRefund' }, { kind: 'policy', path: routes.paymentAndRefund }) }

export const loader = (args: LoaderFunctionArgs) => screenLoader(args, screen, { shared: true })
export const clientLoader = (args: ClientLoaderFunctionArgs) => screenClientLoader(args, screen)
export const meta = screenMeta
export const shouldRevalidate = screenShouldRevalidate
export const headers = screenHeaders

export default function PaymentAndRefundRoute({ loaderData }: { loaderData: ScreenLoaderData }) {
  return <ScreenWithData data={loaderData}><PaymentAndRefundScreen /></ScreenWithData>
}
