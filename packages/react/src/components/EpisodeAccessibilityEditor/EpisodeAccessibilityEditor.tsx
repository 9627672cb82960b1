import { useEffect, useId, useState, type FormEvent } from 'react'
import {
  normalizedPageAlt,
  PAGE_ALT_MAX_LENGTH,
  TRANSCRIPT_ENTRY_KINDS,
  TRANSCRIPT_SPEAKER_MAX_LENGTH,
  TRANSCRIPT_TEXT_MAX_LENGTH,
  type Asset,
  type TranscriptEntry,
  type TranscriptEntryKind,
} from '@comics/core'
import { useEpisodeAssets, useEpisodeTranscript, useMessages, useSavePageAlt, useSaveTranscript, type EpisodeAccessibilityTarget } from '../../hooks'
import { formatMessage, type AdminMessages } from '../../messages'
import { ADMIN_MESSAGES } from '../../messages/adminMessages'
import { saveErrorText } from './saveErrorText'

export interface EpisodeAccessibilityEditorProps extends EpisodeAccessibilityTarget {
  className?: string
}

/** An entry as it is typed: the page as the field holds it, an optional speaker. */
interface EntryDraft {
  key: number
  page: string
  kind: TranscriptEntryKind
  speaker: string
  text: string
}

let draftKeys = 0
const draftOf = (entry: Partial<TranscriptEntry> = {}): EntryDraft => ({
  key: (draftKeys += 1),
  page: String(entry.page ?? 1),
  kind: entry.kind ?? 'dialogue',
  speaker: entry.speaker ?? '',
  text: entry.text ?? '',
})
/** What is sent: the page a number (the contract refuses one that is not), no empty speaker. */
const entryOf = (draft: EntryDraft): TranscriptEntry => ({
  page: Number(draft.page),
  kind: draft.kind,
  ...(draft.speaker.trim() ? { speaker: draft.speaker } : {}),
  text: draft.text,
})

function SaveError({ error, messages }: { error: unknown; messages: AdminMessages }) {
  if (!error) return null
  const { title, details } = saveErrorText(error, messages)
  return (
    <div className="comics-accessibility-editor__error" role="alert">
      <p>{title}</p>
      {details.length > 0 && (
        <ul>
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** The alt text of each page of the episode in the variant: one field per page, saved together. */
function PageAltForm({ target, pages, messages }: { target: EpisodeAccessibilityTarget; pages: readonly Asset[]; messages: AdminMessages }) {
  const save = useSavePageAlt(target)
  const [typed, setTyped] = useState<Record<string, string>>(() => Object.fromEntries(pages.map((page) => [page.id, page.alt ?? ''])))
  const titleId = useId()
  const changed = pages.filter((page) => normalizedPageAlt(typed[page.id]) !== (page.alt ?? null))
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (changed.length === 0) return
    save.mutate(changed.map((page) => ({ assetId: page.id, alt: normalizedPageAlt(typed[page.id]) })))
  }
  return (
    <form className="comics-accessibility-editor__form" aria-labelledby={titleId} onSubmit={onSubmit}>
      <h4 id={titleId} className="comics-accessibility-editor__subtitle">
        {messages['accessibility.alt.title']}
      </h4>
      <p className="comics-accessibility-editor__hint">{messages['accessibility.alt.hint']}</p>
      <ol className="comics-accessibility-editor__pages">
        {pages.map((page, index) => {
          const position = page.position ?? index + 1
          const fieldId = `${titleId}-alt-${page.id}`
          return (
            <li key={page.id} className="comics-accessibility-editor__page">
              <img className="comics-accessibility-editor__thumb" src={page.url} alt="" width={48} height={64} loading="lazy" decoding="async" />
              <div className="comics-accessibility-editor__field">
                <label htmlFor={fieldId}>{formatMessage(messages['accessibility.alt.label'], { position })}</label>
                <textarea
                  id={fieldId}
                  rows={2}
                  maxLength={PAGE_ALT_MAX_LENGTH}
                  value={typed[page.id] ?? ''}
                  placeholder={formatMessage(messages['accessibility.alt.fallback'], { position, total: pages.length })}
                  onChange={(event) => setTyped((current) => ({ ...current, [page.id]: event.target.value }))}
                />
              </div>
            </li>
          )
        })}
      </ol>
      <SaveError error={save.error} messages={messages} />
      <div className="comics-accessibility-editor__buttons">
        <button type="submit" className="comics-button" disabled={save.isPending || changed.length === 0}>
          {messages['accessibility.alt.save']}
        </button>
        <p className="comics-accessibility-editor__status" role="status">
          {save.isPending ? messages['accessibility.saving'] : save.isSuccess && changed.length === 0 ? messages['accessibility.alt.saved'] : ''}
        </p>
      </div>
    </form>
  )
}

/** The transcript: entries in reading order, each on a page, of a kind, with a speaker and its words. */
function TranscriptForm({
  target,
  initial,
  pageCount,
  messages,
}: {
  target: Pick<EpisodeAccessibilityTarget, 'comicId' | 'chapterId'>
  initial: readonly TranscriptEntry[]
  pageCount: number
  messages: AdminMessages
}) {
  const save = useSaveTranscript(target)
  const [entries, setEntries] = useState<EntryDraft[]>(() => initial.map((entry) => draftOf(entry)))
  const [dirty, setDirty] = useState(false)
  const titleId = useId()
  const change = (next: EntryDraft[]) => {
    setEntries(next)
    setDirty(true)
  }
  const update = (key: number, patch: Partial<EntryDraft>) => change(entries.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)))
  const move = (index: number, to: number) => {
    if (to < 0 || to >= entries.length) return
    const next = [...entries]
    const [moved] = next.splice(index, 1)
    next.splice(to, 0, moved!)
    change(next)
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(entries.map(entryOf), { onSuccess: () => setDirty(false) })
  }
  return (
    <form className="comics-accessibility-editor__form" aria-labelledby={titleId} onSubmit={onSubmit}>
      <h4 id={titleId} className="comics-accessibility-editor__subtitle">
        {messages['accessibility.transcript.title']}
      </h4>
      <p className="comics-accessibility-editor__hint">{messages['accessibility.transcript.hint']}</p>
      {entries.length === 0 ? (
        <p className="comics-accessibility-editor__empty">{messages['accessibility.transcript.empty']}</p>
      ) : (
        <ol className="comics-accessibility-editor__entries">
          {entries.map((entry, index) => {
            const n = index + 1
            const id = `${titleId}-${entry.key}`
            return (
              <li key={entry.key} className="comics-accessibility-editor__entry">
                <fieldset>
                  <legend>{formatMessage(messages['accessibility.transcript.entry'], { n })}</legend>
                  <div className="comics-accessibility-editor__entry-row">
                    <label htmlFor={`${id}-page`}>
                      {messages['accessibility.transcript.page']}
                      <input
                        id={`${id}-page`}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={Math.max(pageCount, 1)}
                        value={entry.page}
                        onChange={(event) => update(entry.key, { page: event.target.value })}
                      />
                    </label>
                    <label htmlFor={`${id}-kind`}>
                      {messages['accessibility.transcript.kind']}
                      <select id={`${id}-kind`} value={entry.kind} onChange={(event) => update(entry.key, { kind: event.target.value as TranscriptEntryKind })}>
                        {TRANSCRIPT_ENTRY_KINDS.map((kind) => (
                          <option key={kind} value={kind}>
                            {messages[`accessibility.transcript.kind.${kind}`]}
                          </option>
                        ))}
                      </select>
                    </label>
                    <label htmlFor={`${id}-speaker`}>
                      {messages['accessibility.transcript.speaker']}
                      <input
                        id={`${id}-speaker`}
                        maxLength={TRANSCRIPT_SPEAKER_MAX_LENGTH}
                        value={entry.speaker}
                        onChange={(event) => update(entry.key, { speaker: event.target.value })}
                      />
                    </label>
                  </div>
                  <label htmlFor={`${id}-text`} className="comics-accessibility-editor__text">
                    {messages['accessibility.transcript.text']}
                    <textarea
                      id={`${id}-text`}
                      rows={2}
                      maxLength={TRANSCRIPT_TEXT_MAX_LENGTH}
                      value={entry.text}
                      onChange={(event) => update(entry.key, { text: event.target.value })}
                    />
                  </label>
                  <div className="comics-accessibility-editor__entry-actions">
                    <button type="button" className="comics-button" data-variant="ghost" disabled={index === 0} onClick={() => move(index, index - 1)}>
                      {formatMessage(messages['accessibility.transcript.moveUp'], { n })}
                    </button>
                    <button type="button" className="comics-button" data-variant="ghost" disabled={index === entries.length - 1} onClick={() => move(index, index + 1)}>
                      {formatMessage(messages['accessibility.transcript.moveDown'], { n })}
                    </button>
                    <button type="button" className="comics-button" data-variant="ghost" onClick={() => change(entries.filter((other) => other.key !== entry.key))}>
                      {formatMessage(messages['accessibility.transcript.remove'], { n })}
                    </button>
                  </div>
                </fieldset>
              </li>
            )
          })}
        </ol>
      )}
      <SaveError error={save.error} messages={messages} />
      <div className="comics-accessibility-editor__buttons">
        <button
          type="button"
          className="comics-button"
          data-variant="ghost"
          onClick={() => change([...entries, draftOf({ page: Number(entries.at(-1)?.page) || 1, kind: entries.at(-1)?.kind ?? 'dialogue' })])}
        >
          {messages['accessibility.transcript.add']}
        </button>
        <button type="submit" className="comics-button" disabled={save.isPending || !dirty}>
          {messages['accessibility.transcript.save']}
        </button>
        <p className="comics-accessibility-editor__status" role="status">
          {save.isPending ? messages['accessibility.saving'] : save.isSuccess && !dirty ? messages['accessibility.transcript.saved'] : ''}
        </p>
      </div>
    </form>
  )
}

/**
 * The studio's accessibility of one episode: the alt text of each page in one variant (what the reader
 * names each page image; left empty, 'Page n of m') and the episode's transcript (entries in reading
 * order: page, kind, speaker, words), each saved with its own button. A failed save says why in words
 * (fields refused, sign-in, connection) and keeps everything typed.
 * @example
 * <EpisodeAccessibilityEditor comicId="7" chapterId="702" variant="legal" />
 */
export function EpisodeAccessibilityEditor({ comicId, chapterId, variant, className }: EpisodeAccessibilityEditorProps) {
  const messages = useMessages(ADMIN_MESSAGES)
  const pages = useEpisodeAssets({ comicId, chapterId, variant })
  const transcript = useEpisodeTranscript(chapterId)
  const titleId = useId()
  // A new episode or variant starts its forms from what the service has.
  const [formKey, setFormKey] = useState(`${chapterId}/${variant}`)
  useEffect(() => setFormKey(`${chapterId}/${variant}`), [chapterId, variant])
  const classes = ['comics-accessibility-editor', className].filter(Boolean).join(' ')
  const loading = pages.isPending || transcript.isPending
  return (
    <section className={classes} aria-labelledby={titleId} aria-busy={loading || undefined}>
      <h3 id={titleId} className="comics-accessibility-editor__title">
        {messages['accessibility.title']}
      </h3>
      <p className="comics-accessibility-editor__hint">{messages['accessibility.intro']}</p>
      {loading && <p className="comics-accessibility-editor__status">{messages['common.loading']}</p>}
      {(pages.isError || transcript.isError) && (
        <div className="comics-accessibility-editor__error" role="alert">
          <p>{messages['accessibility.loadFailed']}</p>
          <button
            type="button"
            className="comics-button"
            onClick={() => {
              if (pages.isError) void pages.refetch()
              if (transcript.isError) void transcript.refetch()
            }}
          >
            {messages['common.retry']}
          </button>
        </div>
      )}
      {pages.data &&
        (pages.data.length === 0 ? (
          <p className="comics-accessibility-editor__empty">{messages['accessibility.alt.noPages']}</p>
        ) : (
          <PageAltForm key={`alt:${formKey}`} target={{ comicId, chapterId, variant }} pages={pages.data} messages={messages} />
        ))}
      {transcript.isSuccess && (
        <TranscriptForm
          key={`transcript:${chapterId}`}
          target={{ comicId, chapterId }}
          initial={transcript.data?.entries ?? []}
          pageCount={pages.data?.length ?? 0}
          messages={messages}
        />
      )}
    </section>
  )
}
