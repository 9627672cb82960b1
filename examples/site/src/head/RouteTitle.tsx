import { useSyncExternalStore } from 'react'
import { useMatches } from 'react-router'
import { PageTitle } from '@comics/react'
import type { ScreenLoaderData } from '../app/screenLoader'

const noSubscription = () => () => {}

/**
 * The page's title (its route's head, which the framework's `<Meta>` writes into the document) announced
 * by the kit's PageTitle after each navigation in the browser. Not in the server's render, nor while the
 * page hydrates: the server wrote the first title.
 */
export function RouteTitle() {
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false)
  const matches = useMatches()
  const head = [...matches].reverse().find((match) => (match.loaderData as ScreenLoaderData | undefined)?.head !== undefined)
  const title = (head?.loaderData as ScreenLoaderData | undefined)?.head?.title ?? null
  return hydrated ? <PageTitle title={title} /> : null
}
