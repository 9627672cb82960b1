import { publicationStatus, type PublicationStatus } from '@comics/core'

/** How an episode is released: at once, at a time, or kept as a draft. */
export type Release = { kind: 'now' } | { kind: 'draft' } | { kind: 'schedule'; at: string }

/** `datetime-local` text (the admin's own time zone) of an ISO time. */
function localInput(iso: string): string {
  const date = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** The release of a saved episode, as the field shows it. */
export function releaseOf(publishAt: string | null | undefined, now: Date): Release {
  const status = publicationStatus({ publishAt }, now)
  if (status === 'draft') return { kind: 'draft' }
  if (status === 'scheduled') return { kind: 'schedule', at: localInput(publishAt!) }
  return { kind: 'now' }
}

/** What to send as `publishAt`: `undefined` when the time typed is not a time yet. */
export function publishAtOf(release: Release, now: Date): string | null | undefined {
  if (release.kind === 'draft') return null
  if (release.kind === 'now') return now.toISOString()
  const time = new Date(release.at)
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString()
}

const STATUS_TEXT: Record<PublicationStatus, string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' }

/** Where an episode stands (core `publicationStatus`), with its publish time when it has one. */
export function PublicationTag({ publishAt, now }: { publishAt: string | null | undefined; now: Date }) {
  const status = publicationStatus({ publishAt }, now)
  return (
    <span className="site-admin__tag" data-status={status}>
      {STATUS_TEXT[status]}
      {status === 'scheduled' && publishAt && <> for <time dateTime={publishAt}>{new Date(publishAt).toLocaleString()}</time></>}
    </span>
  )
}

/** Release of an episode: now, at a time (the admin's local time), or a draft readers never see. */
export function ReleaseField({ name, value, onChange }: { name: string; value: Release; onChange: (release: Release) => void }) {
  return (
    <>
      <label>
        Release
        <select
          name={`${name}-release`}
          value={value.kind}
          onChange={(event) => {
            const kind = event.target.value as Release['kind']
            onChange(kind === 'schedule' ? { kind, at: value.kind === 'schedule' ? value.at : '' } : { kind })
          }}
        >
          <option value="now">Publish now</option>
          <option value="schedule">Schedule</option>
          <option value="draft">Draft</option>
        </select>
      </label>
      {value.kind === 'schedule' && (
        <label>
          Publish at
          <input
            type="datetime-local"
            name={`${name}-publish-at`}
            required
            value={value.at}
            onChange={(event) => onChange({ kind: 'schedule', at: event.target.value })}
          />
        </label>
      )}
    </>
  )
}
