/** Analytics event names: those of spec §7, then the account and home clicks it mentions, and page views. */
export const ANALYTICS_EVENTS = Object.freeze({
  comicPageView: 'comic_page_view',
  comicReadingClicked: 'comic_reading_clicked',
  episodeView: 'episode_view',
  authSuccess: 'auth_success',
  subscriptionPlanSelected: 'subscription_plan_selected',
  paymentContinueClicked: 'payment_continue_clicked',
  lastReadComicClicked: 'last_read_comic_clicked',
  carouselClicked: 'carousel_clicked',
  pageView: 'page_view',
  /** A coin pack's Buy pressed (`pack_id`, `value` in US dollars). */
  coinPackCheckout: 'coin_pack_checkout',
  /** An episode unlocked with coins (`comic_id`, `chapter_id`, `coins`). */
  episodeUnlocked: 'episode_unlocked_with_coins',
})

export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS]

/** Event parameters, as gtag takes them. */
export type AnalyticsParams = Record<string, string | number | boolean | null | undefined>

export interface AnalyticsEvent {
  /** One of {@link ANALYTICS_EVENTS}, or a name of the caller's own. */
  name: AnalyticsEventName | (string & {})
  params: AnalyticsParams
}
