import { createUser } from '@comics/auth-emulator'
import { requestWithHost } from '@comics/test-stack/requestWithHost'
import type { BenchStack } from './stack'

export interface LongComic {
  id: string
  /** Chapter ids by chapter number. */
  chapterIds: string[]
  /** Url of the first page (legal variant, the mirror's) of each episode, as the api answers it. */
  firstPageUrls: string[]
  pagesPerEpisode: number[]
}

async function call<T>(stack: BenchStack, path: string, body: unknown, token?: string): Promise<T> {
  const response = await requestWithHost(`${stack.apiUrl}/api/v1${path}`, {
    host: `localhost:${stack.sitePort}`,
    body,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  })
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${response.body}`)
  return JSON.parse(response.body) as T
}

/** The seeded 'Long Strip' comic as the mirror host lists it, with the first page of each episode. */
export async function findLongComic(stack: BenchStack, token: string): Promise<LongComic> {
  const { data: comics } = await call<{ data: { id: string; title: string }[] }>(stack, '/comics/list', {
    limit: 50,
    offset: 0,
    filters: {},
  })
  const comic = comics.find((candidate) => candidate.title === 'Long Strip')
  if (!comic) throw new Error('The seeded catalogue has no "Long Strip" comic (seed --long-comic)')
  const { data: chapters } = await call<{ data: { id: string; chapterNumber: number }[] }>(stack, '/chapters/list', {
    limit: 200,
    offset: 0,
    filters: { comicsId: [comic.id] },
  })
  const ordered = [...chapters].sort((a, b) => a.chapterNumber - b.chapterNumber)
  const firstPageUrls: string[] = []
  const pagesPerEpisode: number[] = []
  for (const chapter of ordered) {
    const { data: assets } = await call<{ data: { url: string; position: number }[] }>(
      stack,
      '/comics-assets/list',
      { limit: 200, offset: 0, filters: { comicsId: [comic.id], chapterId: [chapter.id], variant: ['legal'] } },
      token,
    )
    const sorted = [...assets].sort((a, b) => a.position - b.position)
    firstPageUrls.push(sorted[0]!.url)
    pagesPerEpisode.push(sorted.length)
  }
  return { id: comic.id, chapterIds: ordered.map((chapter) => chapter.id), firstPageUrls, pagesPerEpisode }
}

export interface Subscriber {
  email: string
  password: string
  idToken: string
}

/** A new account on the Auth emulator with a paid level-1 plan (checkout and payment through the api). */
export async function createSubscriber(stack: BenchStack): Promise<Subscriber> {
  const email = `bench-${Date.now().toString(36)}-${process.pid}@example.com`
  const password = 'reading-4-speed'
  const { idToken } = await createUser(stack.emulatorHost, { email, password })
  const { url } = await call<{ url: string }>(stack, '/subscriptions/checkout', { level: 1, title: '1week', urlSuccess: `${stack.siteOrigin}/account` }, idToken)
  const providerCheckoutId = url.split('/').pop()!
  // Paid on the sandbox provider's hosted page with its success card, as a reader would; the way back to
  // the site names the order (its `checkout` parameter), which the site then confirms.
  const paid = await fetch(`${stack.apiUrl}/api/v1/checkout/${providerCheckoutId}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ number: '4242424242424242', expiry: '12/40', cvc: '123' }),
    redirect: 'manual',
  })
  if (paid.status !== 303) throw new Error(`the sandbox checkout answered ${paid.status}: ${await paid.text()}`)
  const checkoutId = new URL(paid.headers.get('location')!).searchParams.get('checkout')
  if (!checkoutId) throw new Error(`the sandbox sent the reader back without the order: ${paid.headers.get('location')}`)
  await call(stack, '/subscriptions', { checkoutId }, idToken)
  return { email, password, idToken }
}
