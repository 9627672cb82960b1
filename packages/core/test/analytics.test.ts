import { describe, expect, it, vi } from 'vitest'
import {
  ANALYTICS_EVENTS,
  consoleSink,
  createAnalytics,
  gtagSink,
  gtagScriptUrl,
  type AnalyticsEvent,
  type GtagPage,
  type AnalyticsSink,
} from '@comics/core'
import { createConsentStore, createMemoryStorage } from '@comics/core'

function recordingSink() {
  const sent: AnalyticsEvent[] = []
  const consents: string[] = []
  const sink: AnalyticsSink = {
    send: (event) => void sent.push(event),
    consent: (state) => void consents.push(state),
  }
  return { sink, sent, consents }
}

const setup = (initial: Record<string, string> = {}) => {
  const consent = createConsentStore(createMemoryStorage(initial))
  const recorder = recordingSink()
  const analytics = createAnalytics({ consent, sinks: [recorder.sink] })
  return { consent, analytics, ...recorder }
}

describe('analytics event names (spec §7)', () => {
  it('names the events of the spec', () => {
    expect(Object.values(ANALYTICS_EVENTS)).toEqual([
      'comic_page_view',
      'comic_reading_clicked',
      'episode_view',
      'auth_success',
      'subscription_plan_selected',
      'payment_continue_clicked',
      'last_read_comic_clicked',
      'carousel_clicked',
      'page_view',
      // Not in §7: the coins of §1 and §9 (docs/decisions.md, "Coins").
      'coin_pack_checkout',
      'episode_unlocked_with_coins',
    ])
  })
})

describe('createAnalytics gated on consent (spec §1, §4, §7)', () => {
  it('sends nothing while consent is unset, and drops those events rather than queueing them', () => {
    const { consent, analytics, sent } = setup()
    analytics.track(ANALYTICS_EVENTS.pageView, { path: '/' })
    analytics.track(ANALYTICS_EVENTS.comicPageView, { comicId: '7' })
    expect(sent).toEqual([])
    consent.accept()
    expect(sent).toEqual([])
    analytics.track(ANALYTICS_EVENTS.episodeView, { comicId: '7', chapterId: '70' })
    expect(sent).toEqual([{ name: 'episode_view', params: { comicId: '7', chapterId: '70' } }])
  })

  it('sends nothing after a rejection', () => {
    const { consent, analytics, sent } = setup()
    consent.reject()
    analytics.track(ANALYTICS_EVENTS.authSuccess)
    expect(sent).toEqual([])
  })

  it('stops sending when an accepted consent is withdrawn', () => {
    const { consent, analytics, sent } = setup({ 'google-analytics-consent': '"accepted"' })
    analytics.track(ANALYTICS_EVENTS.carouselClicked)
    consent.reject()
    analytics.track(ANALYTICS_EVENTS.carouselClicked)
    expect(sent.map((e) => e.name)).toEqual(['carousel_clicked'])
  })

  it('sends to every sink once consent is accepted, with empty params by default', () => {
    const consent = createConsentStore(createMemoryStorage({ 'google-analytics-consent': '"accepted"' }))
    const a = recordingSink()
    const b = recordingSink()
    createAnalytics({ consent, sinks: [a.sink, b.sink] }).track(ANALYTICS_EVENTS.authSuccess)
    expect(a.sent).toEqual([{ name: 'auth_success', params: {} }])
    expect(b.sent).toEqual(a.sent)
  })

  it('tells sinks the stored choice at start and every change after, never unset', () => {
    const { consent, consents } = setup({ 'google-analytics-consent': '"rejected"' })
    consent.accept()
    consent.accept()
    consent.reject()
    expect(consents).toEqual(['rejected', 'accepted', 'rejected'])
    expect(setup().consents).toEqual([])
  })

  it('keeps going when a sink throws', () => {
    const consent = createConsentStore(createMemoryStorage())
    const broken: AnalyticsSink = {
      send: () => {
        throw new Error('blocked by an ad blocker')
      },
      consent: () => {
        throw new Error('blocked')
      },
    }
    const good = recordingSink()
    const analytics = createAnalytics({ consent, sinks: [broken, good.sink] })
    expect(() => consent.accept()).not.toThrow()
    expect(() => analytics.track(ANALYTICS_EVENTS.pageView)).not.toThrow()
    expect(good.sent).toHaveLength(1)
    expect(good.consents).toEqual(['accepted'])
  })

  it('sends and announces nothing once disposed', () => {
    const { consent, analytics, sent, consents } = setup()
    analytics.dispose()
    consent.accept()
    analytics.track(ANALYTICS_EVENTS.pageView)
    expect(sent).toEqual([])
    expect(consents).toEqual([])
  })

  it('announces the grant before the first event even if the consent store notified it late', () => {
    let state: 'unset' | 'accepted' = 'unset'
    const silentConsent = { getSnapshot: () => state, subscribe: () => () => {} }
    const calls: string[] = []
    const sink: AnalyticsSink = { send: (e) => void calls.push(e.name), consent: (s) => void calls.push(s) }
    const analytics = createAnalytics({ consent: silentConsent, sinks: [sink] })
    state = 'accepted'
    analytics.track(ANALYTICS_EVENTS.pageView)
    expect(calls).toEqual(['accepted', 'page_view'])
  })
})

describe('gtag sink (consent mode)', () => {
  it('updates analytics_storage to granted or denied and sends events through gtag', () => {
    const gtag = vi.fn()
    const consent = createConsentStore(createMemoryStorage())
    const analytics = createAnalytics({ consent, sinks: [gtagSink({ gtag })] })
    analytics.track(ANALYTICS_EVENTS.pageView)
    expect(gtag).not.toHaveBeenCalled()
    consent.accept()
    analytics.track(ANALYTICS_EVENTS.subscriptionPlanSelected, { planId: '12weeks' })
    consent.reject()
    analytics.track(ANALYTICS_EVENTS.paymentContinueClicked)
    expect(gtag.mock.calls).toEqual([
      ['consent', 'update', { analytics_storage: 'granted' }],
      ['event', 'subscription_plan_selected', { planId: '12weeks' }],
      ['consent', 'update', { analytics_storage: 'denied' }],
    ])
  })

  it("finds the page's gtag at call time, and does nothing without one", () => {
    const sink = gtagSink()
    expect(() => sink.send({ name: 'page_view', params: {} })).not.toThrow()
    const gtag = vi.fn()
    vi.stubGlobal('gtag', gtag)
    try {
      sink.send({ name: 'page_view', params: { path: '/' } })
      expect(gtag).toHaveBeenCalledWith('event', 'page_view', { path: '/' })
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

/** A page that records the scripts appended to its head and keeps gtag's queue. */
function recordingPage() {
  const scripts: { src: string; async: boolean }[] = []
  const page: GtagPage = {
    document: {
      createElement: (() => ({ src: '', async: false })) as unknown as Document['createElement'],
      head: { append: (node: { src: string; async: boolean }) => void scripts.push(node) } as unknown as HTMLHeadElement,
    },
  }
  const queued = () => (page.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>))
  return { page, scripts, queued }
}

describe('gtag sink with a measurement id (gtag.js loaded on Accept only)', () => {
  it('touches nothing before an answer nor after Reject, and loads gtag.js once on Accept', () => {
    const { page, scripts, queued } = recordingPage()
    const storage = createMemoryStorage()
    const consent = createConsentStore(storage)
    const analytics = createAnalytics({ consent, sinks: [gtagSink({ measurementId: 'G-TEST1', page })] })
    analytics.track(ANALYTICS_EVENTS.pageView)
    consent.reject()
    analytics.track(ANALYTICS_EVENTS.comicReadingClicked, { comicId: '7' })
    expect(scripts).toEqual([])
    expect(page.gtag).toBeUndefined()
    expect(page.dataLayer).toBeUndefined()

    consent.accept()
    analytics.track(ANALYTICS_EVENTS.comicReadingClicked, { comicId: '7' })
    consent.reject()
    consent.accept()
    expect(scripts).toEqual([{ src: gtagScriptUrl('G-TEST1'), async: true }])
    expect(queued()).toEqual([
      ['consent', 'default', { analytics_storage: 'granted', ad_storage: 'denied' }],
      ['js', expect.any(Date)],
      ['config', 'G-TEST1'],
      ['event', 'comic_reading_clicked', { comicId: '7' }],
      ['consent', 'update', { analytics_storage: 'denied' }],
      ['consent', 'update', { analytics_storage: 'granted' }],
    ])
  })

  it('loads gtag.js at start when Accept is stored', () => {
    const { page, scripts } = recordingPage()
    const storage = createMemoryStorage()
    createConsentStore(storage).accept()
    createAnalytics({ consent: createConsentStore(storage), sinks: [gtagSink({ measurementId: 'G-TEST1', page })] })
    expect(scripts.map((script) => script.src)).toEqual([gtagScriptUrl('G-TEST1')])
  })
})

describe('console sink', () => {
  it('prints events and consent changes', () => {
    const logger = { info: vi.fn() }
    const sink = consoleSink({ logger })
    sink.consent?.('accepted')
    sink.send({ name: 'page_view', params: { path: '/account' } })
    expect(logger.info.mock.calls).toEqual([
      ['[analytics] consent', 'accepted'],
      ['[analytics]', 'page_view', { path: '/account' }],
    ])
  })
})
