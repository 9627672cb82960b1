import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react'
import { UPLOAD_IMAGE_TYPES, publicationStatus } from '@comics/core'
import { useLocale, useMessages } from '../../hooks'
import { usePageUpload, type PageUploadTarget } from '../../hooks/usePageUpload'
import { formatMessage } from '../../messages'
import { droppedFiles } from './droppedFiles'
import { ADMIN_MESSAGES } from '../../messages/adminMessages'

export interface PageUploaderProps extends PageUploadTarget {
  /** The episode's publish time: a draft (`null`) or a time to come is said above the pages. */
  publishAt?: string | null
  /** The clock for the publish time; default the current time. */
  now?: Date
  className?: string
}

const ACCEPT = UPLOAD_IMAGE_TYPES.join(',')
/** The drag of a page within the list, told apart from files dragged in. */
const PAGE_DRAG_TYPE = 'application/x-comics-page'
/** Failures a retry may get past; any other is the service refusing the file. */
const CONNECTION_FAILURES = new Set(['network', 'timeout', 'unknown'])

/**
 * The studio's pages of one episode in one variant: the pages it already has first (shown from the
 * server, to move or remove with no upload), then drop files or a folder (or choose them), see them in
 * natural file-name order with their thumbnails at once, move a page by drag or by keyboard (arrow keys
 * on its handle; each move is announced), remove or replace one, then upload with a progress bar per file
 * and for the whole episode, cancel, and retry only the files that failed. Once every file is sent the
 * order is saved; a later move saves the order again with no file sent.
 * @example
 * <PageUploader comicId="7" chapterId="701" variant="censored" publishAt={chapter.publishAt} />
 */
export function PageUploader({ comicId, chapterId, variant, publishAt, now, className }: PageUploaderProps) {
  const messages = useMessages(ADMIN_MESSAGES)
  const locale = useLocale()
  const upload = usePageUpload(
    { comicId, chapterId, variant },
    { savedPageName: (position) => formatMessage(messages['pageUpload.savedPage'], { position }) },
  )
  const { items, phase, progress } = upload
  const [announcement, setAnnouncement] = useState('')
  const [dropping, setDropping] = useState(false)
  const [focusKey, setFocusKey] = useState<string | null>(null)
  const handles = useRef(new Map<string, HTMLButtonElement>())
  const dragged = useRef<string | null>(null)
  const replaceInput = useRef<HTMLInputElement>(null)
  const replacing = useRef<string | null>(null)
  const hintId = useId()
  const titleId = useId()
  const uploading = phase === 'uploading'
  const total = items.length

  // A page moved by keyboard keeps the focus on its handle wherever it went.
  useEffect(() => {
    if (focusKey) handles.current.get(focusKey)?.focus()
  }, [focusKey, items])

  const moveTo = (from: number, to: number) => {
    const item = items[from]
    if (!item || to < 0 || to >= total || to === from) return
    upload.move(from, to)
    setAnnouncement(formatMessage(messages['pageUpload.moved'], { name: item.name, position: to + 1, total }))
  }

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const to = { ArrowUp: index - 1, ArrowLeft: index - 1, ArrowDown: index + 1, ArrowRight: index + 1, Home: 0, End: total - 1 }[event.key]
    if (to === undefined) return
    event.preventDefault()
    setFocusKey(items[index]!.key)
    moveTo(index, to)
  }

  const onZoneDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setDropping(true)
  }
  const onZoneDrop = async (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    setDropping(false)
    upload.add(await droppedFiles(event.dataTransfer))
  }

  const status = publishAt === undefined ? 'published' : publicationStatus({ publishAt }, now ?? new Date())
  const classes = ['comics-page-uploader', className].filter(Boolean).join(' ')

  return (
    <section className={classes} aria-labelledby={titleId} data-phase={phase} data-dropping={dropping || undefined}>
      <h3 id={titleId} className="comics-page-uploader__title">
        {messages['pageUpload.title']}
      </h3>
      {status === 'scheduled' && (
        <p className="comics-page-uploader__publication" data-status="scheduled">
          {formatMessage(messages['pageUpload.scheduled'], {
            date: new Date(publishAt!).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }),
          })}
        </p>
      )}
      {status === 'draft' && (
        <p className="comics-page-uploader__publication" data-status="draft">
          {messages['pageUpload.draft']}
        </p>
      )}
      <div
        className="comics-page-uploader__zone"
        onDragOver={onZoneDragOver}
        onDragLeave={() => setDropping(false)}
        onDrop={(event) => void onZoneDrop(event)}
      >
        <p className="comics-page-uploader__drop">{messages['pageUpload.drop']}</p>
        <div className="comics-page-uploader__pickers">
          <label className="comics-button" data-variant="ghost">
            {messages['pageUpload.pickFiles']}
            <input
              type="file"
              className="comics-visually-hidden"
              accept={ACCEPT}
              multiple
              onChange={(event) => {
                upload.add([...(event.target.files ?? [])])
                event.target.value = ''
              }}
            />
          </label>
          <label className="comics-button" data-variant="ghost">
            {messages['pageUpload.pickFolder']}
            <input
              type="file"
              className="comics-visually-hidden"
              multiple
              {...{ webkitdirectory: '' }}
              onChange={(event) => {
                upload.add([...(event.target.files ?? [])])
                event.target.value = ''
              }}
            />
          </label>
        </div>
        {upload.skipped > 0 && (
          <p className="comics-page-uploader__note" role="status">
            {formatMessage(messages['pageUpload.skipped'], { n: upload.skipped }, locale)}
          </p>
        )}
      </div>

      {upload.loadFailed && (
        <p className="comics-page-uploader__error" role="alert">
          {messages['pageUpload.loadFailed']}
        </p>
      )}
      {total === 0 ? (
        <p className="comics-page-uploader__empty" aria-busy={upload.loading || undefined}>
          {upload.loading ? messages['pageUpload.loading'] : messages['pageUpload.empty']}
        </p>
      ) : (
        <>
          <p id={hintId} className="comics-page-uploader__hint">
            {messages['pageUpload.moveHint']}
          </p>
          <ol className="comics-page-uploader__list" aria-label={messages['pageUpload.list']}>
            {items.map((item, index) => {
              const name = item.name
              return (
                <li
                  key={item.key}
                  className="comics-page-uploader__page"
                  data-status={item.status}
                  draggable
                  onDragStart={(event) => {
                    dragged.current = item.key
                    event.dataTransfer.effectAllowed = 'move'
                    event.dataTransfer.setData(PAGE_DRAG_TYPE, item.key)
                  }}
                  onDragEnd={() => (dragged.current = null)}
                  onDragOver={(event) => {
                    if (!dragged.current) return
                    event.preventDefault()
                    event.dataTransfer.dropEffect = 'move'
                  }}
                  onDrop={(event) => {
                    if (!dragged.current) return
                    event.preventDefault()
                    event.stopPropagation()
                    moveTo(items.findIndex((candidate) => candidate.key === dragged.current), index)
                    dragged.current = null
                  }}
                >
                  <button
                    type="button"
                    className="comics-page-uploader__handle"
                    aria-label={formatMessage(messages['pageUpload.moveHandle'], { name })}
                    aria-describedby={hintId}
                    ref={(element) => {
                      if (element) handles.current.set(item.key, element)
                      else handles.current.delete(item.key)
                    }}
                    onKeyDown={(event) => onHandleKey(event, index)}
                    onBlur={() => setFocusKey(null)}
                  >
                    <span aria-hidden="true">⠿</span>
                  </button>
                  <img
                    className="comics-page-uploader__thumb"
                    src={item.previewUrl}
                    alt=""
                    width={48}
                    height={64}
                    loading="lazy"
                    decoding="async"
                  />
                  <div className="comics-page-uploader__about">
                    <span className="comics-page-uploader__position">
                      {formatMessage(messages['pageUpload.page'], { position: index + 1, total })}
                    </span>
                    <span className="comics-page-uploader__name">{name}</span>
                    <span className="comics-page-uploader__status">
                      {item.saved
                        ? messages['pageUpload.onServer']
                        : item.status === 'failed' && !CONNECTION_FAILURES.has(item.failure ?? '')
                          ? messages['pageUpload.refused']
                          : messages[`pageUpload.${item.status}`]}
                    </span>
                  </div>
                  <progress
                    className="comics-page-uploader__progress"
                    max={item.size || 1}
                    value={item.status === 'done' ? item.size || 1 : item.sent}
                    aria-label={formatMessage(messages['pageUpload.fileProgress'], { name })}
                  />
                  <div className="comics-page-uploader__actions">
                    <button
                      type="button"
                      className="comics-button"
                      data-variant="ghost"
                      disabled={item.status === 'uploading'}
                      onClick={() => {
                        replacing.current = item.key
                        replaceInput.current?.click()
                      }}
                    >
                      {formatMessage(messages['pageUpload.replace'], { name })}
                    </button>
                    <button
                      type="button"
                      className="comics-button"
                      data-variant="ghost"
                      disabled={item.status === 'uploading'}
                      onClick={() => upload.remove(item.key)}
                    >
                      {formatMessage(messages['pageUpload.remove'], { name })}
                    </button>
                  </div>
                </li>
              )
            })}
          </ol>
          <input
            ref={replaceInput}
            type="file"
            hidden
            accept={ACCEPT}
            onChange={(event) => {
              const file = event.target.files?.[0]
              if (file && replacing.current) upload.replace(replacing.current, file)
              replacing.current = null
              event.target.value = ''
            }}
          />
          <div className="comics-page-uploader__summary">
            <progress
              className="comics-page-uploader__progress"
              max={100}
              value={progress.percent}
              aria-label={messages['pageUpload.episodeProgress']}
              aria-valuetext={`${progress.percent}%`}
            />
            <span>{formatMessage(messages['pageUpload.sentCount'], { done: progress.done, total: progress.total })}</span>
          </div>
          {progress.failed > 0 && !uploading && (
            <p className="comics-page-uploader__error" role="alert">
              {formatMessage(messages['pageUpload.failedCount'], { n: progress.failed }, locale)}
            </p>
          )}
          {phase === 'cancelled' && <p className="comics-page-uploader__note">{messages['pageUpload.cancelled']}</p>}
          {upload.orderFailed && (
            <p className="comics-page-uploader__error" role="alert">
              {messages['pageUpload.orderFailed']}
            </p>
          )}
          <div className="comics-page-uploader__buttons">
            {uploading ? (
              <button type="button" className="comics-button" data-variant="ghost" onClick={upload.cancel}>
                {messages['pageUpload.cancel']}
              </button>
            ) : progress.failed > 0 ? (
              <button type="button" className="comics-button" onClick={() => void upload.upload()}>
                {messages['pageUpload.retry']}
              </button>
            ) : progress.done < total ? (
              <button type="button" className="comics-button" onClick={() => void upload.upload()}>
                {messages['pageUpload.upload']}
              </button>
            ) : (
              (upload.orderChanged || upload.orderFailed) && (
                <button type="button" className="comics-button" disabled={phase === 'ordering'} onClick={() => void upload.saveOrder()}>
                  {messages['pageUpload.saveOrder']}
                </button>
              )
            )}
          </div>
        </>
      )}
      <p className="comics-page-uploader__live" role="status" aria-live="polite">
        {phase === 'ordering' ? messages['pageUpload.saving'] : phase === 'saved' && !upload.orderChanged ? messages['pageUpload.saved'] : ''}
      </p>
      <p className="comics-visually-hidden" aria-live="assertive" aria-atomic="true">
        {announcement}
      </p>
    </section>
  )
}
