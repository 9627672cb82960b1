// Compiled by the smoke test's `tsc --noEmit`, never bundled: proof that the packed declarations type
// the kit rather than leaving `any`. Each directive fails the check if its line compiles.
import { coinCreditProblems, coinUnlockRefusal, COIN_PACKS, offersCoinUnlock, createComicsApi, createMemoryStorage, createPrefixedStorage, createReaderSettingsStore, isEpisodeLocked, latestReaderSettings } from '@comics/core'
import type { ComicsReaderElement } from '@comics/embed'
import { createHandlers, creditMockCoins, createMockState } from '@comics/mocks'
import { AdminCoins, CoinBalance, CoinHistory, CoinShop, EpisodeUnlock, READER_SHORTCUTS, Reader, useCreditCoins, useReaderSettings, useUnlockEpisode } from '@comics/react'

// @ts-expect-error a Reader needs the episode's comicId and chapterId
export const readerWithoutEpisode = <Reader comicId="4" />

// @ts-expect-error the mocks know their viewers by key
export const unknownViewer = createHandlers({ viewer: 'level9' })

// @ts-expect-error the lock rule needs the viewer
export const lockWithoutViewer = isEpisodeLocked({ id: '1', chapterNumber: 1 }, [])

// @ts-expect-error the storage prefix is a string
export const numberPrefix = createPrefixedStorage(createMemoryStorage(), 7)

// The element is known by its tag, and its events carry typed details.
export const embedded: ComicsReaderElement | null = document.querySelector('comics-reader')
embedded?.addEventListener('locked', (event) => {
  const status: 401 | 403 = event.detail.status
  // @ts-expect-error a locked episode has no page position
  return [status, event.detail.page]
})
embedded?.addEventListener('progress', (event) => event.detail.page satisfies number)

// Coins: the packs, the unlock rule, the client, the mocks and the kit's components are typed.
export const packIds: ('coins-50' | 'coins-100' | 'coins-300' | 'coins-500')[] = COIN_PACKS.map((pack) => pack.id)
export const refusal: 'sign_in_required' | 'episode_free' | 'subscription_active' | 'already_unlocked' | null = coinUnlockRefusal(
  { id: '4', chapterNumber: 4 },
  [],
  { signedIn: true, level: 0, unlockedEpisodeIds: new Set(['4']) },
)
// @ts-expect-error unlocked episodes are a set of ids
export const unlockedAsArray = isEpisodeLocked({ id: '1', chapterNumber: 1 }, [], { signedIn: true, level: 0, unlockedEpisodeIds: ['1'] })
const api = createComicsApi({ baseUrl: '/api/v1', siteMode: 'normal' })
export const balance: Promise<number | undefined> = api.coins.balance().then((answer) => answer.data[0]?.balance)
// @ts-expect-error a coin checkout names a pack the contract knows
export const unknownPack = api.coins.checkout({ packId: 'coins-7', urlSuccess: 'https://comics.example/coins' })
export const credited = creditMockCoins(createMockState(), 'user-reader', 20).balanceAfter satisfies number
export const coinScreens = [<CoinBalance key="b" />, <CoinShop key="s" checkoutId={null} />, <CoinHistory key="h" />]
// @ts-expect-error the unlock choice needs the episode and its comic's episodes
export const unlockWithoutEpisode = <EpisodeUnlock />
export const unlockHook: typeof useUnlockEpisode = useUnlockEpisode
// The top bar's balance link, the rows' coin unlock, and the admin's view of a reader's coins.
export const balanceLink = <CoinBalance to="/coins" />
export const rowOffersUnlock: boolean = offersCoinUnlock({ id: '4', chapterNumber: 4 }, [], { signedIn: true, level: 0 }, { uncensored: false })
export const creditProblems: ('coins' | 'reason')[] = coinCreditProblems({ coins: 0, reason: '' })
export const adminCoins = <AdminCoins userId="user-reader" />
// @ts-expect-error the admin's view needs the reader's id
export const adminCoinsWithoutReader = <AdminCoins />
export const creditHook: typeof useCreditCoins = useCreditCoins

// Reader settings: the store, the latest-change rule, the client's calls, the hook and the shortcut table are typed.
const readerSettings = createReaderSettingsStore(createMemoryStorage())
readerSettings.change({ pageWidth: 'fit' })
// @ts-expect-error the page width is 'column' or 'fit'
readerSettings.change({ pageWidth: 'wide' })
readerSettings.change({ scrollSpeed: 'fast' })
// @ts-expect-error auto-scroll's speed is 'slow', 'medium' or 'fast'
readerSettings.change({ scrollSpeed: 'warp' })
export const latestSettings = latestReaderSettings(readerSettings.record(), null)?.updatedAt satisfies string | undefined
export const savedSettings = api.account.saveReaderSettings({ pageWidth: 'column', pageGap: 'small', background: 'light', updatedAt: '2026-01-01T00:00:00.000Z' })
// @ts-expect-error a saved change says when it was made
export const settingsWithoutTime = api.account.saveReaderSettings({ pageWidth: 'column', pageGap: 'small', background: 'light' })
export const settingsHook: typeof useReaderSettings = useReaderSettings
export const shortcutActions: string[] = READER_SHORTCUTS.map((shortcut) => shortcut.action)
