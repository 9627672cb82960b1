// Its own module, free of imports: the contract's ReaderSettingsSchema takes these choices from here.

/** How wide a page shows: the whole width of the screen, or a column of at most 800 px centred. */
export const READER_PAGE_WIDTHS = ['column', 'fit'] as const
export type ReaderPageWidth = (typeof READER_PAGE_WIDTHS)[number]

/** The space between two pages of the strip, by name; {@link READER_PAGE_GAP_PX} gives its size. */
export const READER_PAGE_GAPS = ['none', 'small', 'medium', 'large'] as const
export type ReaderPageGap = (typeof READER_PAGE_GAPS)[number]
export const READER_PAGE_GAP_PX: Readonly<Record<ReaderPageGap, number>> = Object.freeze({ none: 0, small: 8, medium: 24, large: 48 })

/** The colour behind the pages. */
export const READER_BACKGROUNDS = ['dark', 'light'] as const
export type ReaderBackground = (typeof READER_BACKGROUNDS)[number]

/** How fast auto-scroll moves the strip, by name; {@link READER_SCROLL_SPEED_PX_PER_S} gives its speed. */
export const READER_SCROLL_SPEEDS = ['slow', 'medium', 'fast'] as const
export type ReaderScrollSpeed = (typeof READER_SCROLL_SPEEDS)[number]
/** Auto-scroll's speed in CSS pixels per second, whatever the frame rate. */
export const READER_SCROLL_SPEED_PX_PER_S: Readonly<Record<ReaderScrollSpeed, number>> = Object.freeze({ slow: 30, medium: 60, fast: 120 })

/**
 * What follows an episode's last page: its end (the next episode opens from Next or the end card), or the
 * next episode's pages in the same strip (continuous reading).
 */
export const READER_FLOWS = ['episode', 'continuous'] as const
export type ReaderFlow = (typeof READER_FLOWS)[number]

/** How the reader shows an episode's pages, how fast auto-scroll moves them and what follows the last one. */
export interface ReaderSettings {
  pageWidth: ReaderPageWidth
  pageGap: ReaderPageGap
  background: ReaderBackground
  scrollSpeed: ReaderScrollSpeed
  flow: ReaderFlow
}

/**
 * Reader settings as they are kept and synced: the choices and when they were last changed (ISO
 * timestamp), by which the latest change wins between devices ({@link latestReaderSettings}).
 */
export interface ReaderSettingsRecord extends ReaderSettings {
  updatedAt: string
}

/**
 * A reader who never chose: the 800 px column, no gap (a webtoon's strip), dark, auto-scroll at medium speed,
 * one episode at a time.
 */
export const DEFAULT_READER_SETTINGS: Readonly<ReaderSettings> = Object.freeze({
  pageWidth: 'column',
  pageGap: 'none',
  background: 'dark',
  scrollSpeed: 'medium',
  flow: 'episode',
})

/** The settings that change how the strip is laid out and painted (auto-scroll's speed and the flow do not). */
export const READER_LAYOUT_SETTINGS = ['pageWidth', 'pageGap', 'background'] as const satisfies readonly (keyof ReaderSettings)[]

/** The settings' fields and the values each may take, in the order a settings panel shows them. */
export const READER_SETTING_CHOICES = Object.freeze({
  pageWidth: READER_PAGE_WIDTHS,
  pageGap: READER_PAGE_GAPS,
  background: READER_BACKGROUNDS,
  scrollSpeed: READER_SCROLL_SPEEDS,
  flow: READER_FLOWS,
}) satisfies { readonly [K in keyof ReaderSettings]: readonly ReaderSettings[K][] }

export type ReaderSettingName = keyof ReaderSettings

const isOneOf = <T extends string>(choices: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (choices as readonly string[]).includes(value)

/** The settings added after the first three: a record kept before them has none of its own. */
const LATER_SETTINGS = ['scrollSpeed', 'flow'] as const satisfies readonly (keyof ReaderSettings)[]

/**
 * Settings kept before auto-scroll had a speed or continuous reading existed (in storage, from an older
 * service) read with those settings' defaults; anything else is returned as it is.
 * @example withDefaultLaterSettings({ pageWidth: 'fit', pageGap: 'none', background: 'dark' }) // + scrollSpeed 'medium', flow 'episode'
 */
export function withDefaultLaterSettings(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const missing = LATER_SETTINGS.filter((name) => (value as Record<string, unknown>)[name] === undefined)
  if (missing.length === 0) return value
  return { ...value, ...Object.fromEntries(missing.map((name) => [name, DEFAULT_READER_SETTINGS[name]])) }
}

/**
 * The fields of `value` that are not a valid reader setting (every field of {@link ReaderSettings} is
 * needed, with one of its choices). Empty when `value` is a valid set of settings.
 * @example readerSettingsProblems({ pageWidth: 'fit', pageGap: 'huge', background: 'dark' }) // ['pageGap']
 */
export function readerSettingsProblems(value: unknown): ReaderSettingName[] {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  return (Object.keys(READER_SETTING_CHOICES) as ReaderSettingName[]).filter(
    (name) => !isOneOf(READER_SETTING_CHOICES[name] as readonly string[], record[name]),
  )
}

const timeOf = (record: ReaderSettingsRecord | null | undefined): number => {
  const time = record ? Date.parse(record.updatedAt) : NaN
  return Number.isNaN(time) ? -Infinity : time
}

/**
 * Of two sets of settings, the one changed last (latest change wins between devices); on a tie the
 * first, so a device keeps what it has when the service answers the same change. Either may be missing.
 * @example latestReaderSettings(local, fromServer) ?? DEFAULT_READER_SETTINGS
 */
export function latestReaderSettings<T extends ReaderSettingsRecord>(a: T | null | undefined, b: T | null | undefined): T | null {
  if (!a) return b ?? null
  if (!b) return a
  return timeOf(b) > timeOf(a) ? b : a
}

/**
 * When the service records a change: its own time, or the device's when earlier (a device whose clock
 * runs ahead must not win over every later change of the reader's other devices).
 */
export function acceptedSettingsTime(updatedAt: string, now: Date): Date {
  const time = Date.parse(updatedAt)
  return Number.isNaN(time) || time > now.getTime() ? now : new Date(time)
}

/** The settings alone, without when they changed. */
export function readerSettingsOf(record: ReaderSettings): ReaderSettings {
  return { pageWidth: record.pageWidth, pageGap: record.pageGap, background: record.background, scrollSpeed: record.scrollSpeed, flow: record.flow }
}
