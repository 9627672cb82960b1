import { useState } from 'react'
import { ANALYTICS_EVENTS, coinShopPath, coinShortfall, EPISODE_COIN_PRICE, lockedEpisodeOffer, offersWaitForFree, readerPath, routes, type Chapter, type CoinUnlock, type EpisodeRef } from '@comics/core'
import { formatMessage, EPISODE_MESSAGES } from '../../messages'
import { useAnalytics, useCoinBalance, useLink, useLocale, useMessages, useUnlockEpisode, useUnlockEpisodeFree, useViewer, useWaitForFree } from '../../hooks'
import { Dialog, DialogDescription, DialogTitle } from '../../dialog'
import { WaitForFreeCountdown } from '../WaitForFreeCountdown/WaitForFreeCountdown'
import { useComicsContext } from '../../hooks/useComicsContext'

export interface EpisodeUnlockProps {
  chapter: Pick<Chapter, 'id' | 'comicsId' | 'chapterNumber'>
  chapters: readonly EpisodeRef[]
  /** Called once the episode is unlocked; default: open it in the reader. */
  onUnlocked?: (chapterId: string) => void
  className?: string
}

/**
 * What a locked episode offers (core `lockedEpisodeOffer`): a guest is asked to sign in; a signed-in reader
 * without a subscription sees their balance ('You have 25 coins') and may 'Unlock for 10 coins', which asks
 * first in a dialog ('Spend 10 coins' or 'Not now'), or subscribe through /premium; with too few coins the
 * shop is offered beside the balance, and it comes back to this episode after paying. An open episode, and any episode for a
 * subscriber, shows nothing: a subscriber is never asked to pay coins.
 * @example
 * <EpisodeUnlock chapter={chapter} chapters={chapters} />
 */
export function EpisodeUnlock({ chapter, chapters, onUnlocked, className }: EpisodeUnlockProps) {
  const { authModal, navigate } = useComicsContext('EpisodeUnlock')
  const viewer = useViewer()
  const messages = useMessages(EPISODE_MESSAGES)
  const locale = useLocale()
  const Link = useLink()
  const [confirming, setConfirming] = useState(false)
  const { balance, isPending: balancePending } = useCoinBalance()
  const unlock = useUnlockEpisode()
  const unlockFree = useUnlockEpisodeFree()
  const waitForFree = useWaitForFree(chapter.comicsId)
  const analytics = useAnalytics()
  const offer = lockedEpisodeOffer(chapter, chapters, viewer)
  if (offer === 'open' || viewer.isPending) return null
  const base = className ? `comics-episode-unlock ${className}` : 'comics-episode-unlock'
  if (offer === 'sign-in') {
    return (
      <div className={base} data-offer="sign-in">
        <button type="button" className="comics-button" onClick={() => authModal.open('sign-in')}>{messages['coins.signInToUnlock']}</button>
      </div>
    )
  }
  const readerLink = readerPath(chapter.comicsId, chapter.id)
  const refusedShort = (unlock.error as { code?: string } | null)?.code === 'insufficient_coins'
  const shortBy = balance === undefined ? 0 : coinShortfall(balance)
  const short = refusedShort || (!balancePending && shortBy > 0)
  /** After an unlock, free or with coins: counted, then the episode opens. */
  const afterUnlock = (unlocked: CoinUnlock, coins: number) => {
    analytics.track(ANALYTICS_EVENTS.episodeUnlocked, { comic_id: unlocked.comicsId, chapter_id: unlocked.chapterId, coins })
    if (onUnlocked) onUnlocked(chapter.id)
    else navigate(readerLink)
  }
  const free = waitForFree.countdown && offersWaitForFree(chapter, chapters, viewer, waitForFree.setting) ? waitForFree.countdown : undefined
  return (
    <div className={base} data-offer="unlock-or-subscribe" data-state={short ? 'short' : balancePending ? 'loading' : 'ready'}>
      {free && (
        <div className="comics-episode-unlock__free" data-free={free.ready ? 'ready' : 'waiting'}>
          <WaitForFreeCountdown comicId={chapter.comicsId} />
          {free.ready && (
            <button
              type="button"
              className="comics-button"
              disabled={unlockFree.isPending}
              aria-busy={unlockFree.isPending}
              onClick={() => unlockFree.mutate(chapter.id, { onSuccess: (unlocked) => afterUnlock(unlocked, 0) })}
            >
              {unlockFree.isPending ? messages['coins.unlocking'] : messages['waitForFree.unlockFree']}
            </button>
          )}
          {unlockFree.error && <p role="alert" className="comics-episode-unlock__error">{messages['waitForFree.unlockFailed']}</p>}
        </div>
      )}
      {balance !== undefined && (
        <p className="comics-episode-unlock__balance">{formatMessage(messages['coins.have'], { n: balance }, locale)}</p>
      )}
      {short ? (
        <>
          <p className="comics-episode-unlock__short">{formatMessage(messages['coins.short'], { n: shortBy || EPISODE_COIN_PRICE })}</p>
          <Link to={coinShopPath(readerLink)} className="comics-button">{messages['coins.getCoins']}</Link>
        </>
      ) : (
        <button
          type="button"
          className="comics-button"
          aria-haspopup="dialog"
          disabled={balancePending || unlock.isPending}
          aria-busy={unlock.isPending}
          onClick={() => setConfirming(true)}
        >
          {unlock.isPending ? messages['coins.unlocking'] : formatMessage(messages['coins.unlock'], { price: EPISODE_COIN_PRICE })}
        </button>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} className="comics-episode-unlock__confirm">
        <DialogTitle>{formatMessage(messages['coins.confirmTitle'], { price: EPISODE_COIN_PRICE })}</DialogTitle>
        <DialogDescription>{formatMessage(messages['coins.confirmText'], { n: balance ?? 0 }, locale)}</DialogDescription>
        <div className="comics-episode-unlock__confirm-actions">
          {/* The first control, so focus starts on the choice that spends nothing. */}
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => setConfirming(false)}>
            {messages['coins.cancel']}
          </button>
          <button
            type="button"
            className="comics-button"
            disabled={unlock.isPending}
            aria-busy={unlock.isPending}
            onClick={() =>
              unlock.mutate(chapter.id, { onSuccess: (unlocked) => afterUnlock(unlocked, unlocked.coins), onSettled: () => setConfirming(false) })
            }
          >
            {unlock.isPending ? messages['coins.unlocking'] : formatMessage(messages['coins.confirm'], { price: EPISODE_COIN_PRICE })}
          </button>
        </div>
      </Dialog>
      <Link to={routes.premium} className="comics-button" data-variant="ghost">{messages['coins.orSubscribe']}</Link>
      {unlock.error && !refusedShort && <p role="alert" className="comics-episode-unlock__error">{messages['coins.unlockFailed']}</p>}
    </div>
  )
}
