import { useEffect, useId, useState, type FormEvent } from 'react'
import { waitForFreeSettingProblems } from '@comics/core'
import { useMessages, useSetWaitForFree, useWaitForFree } from '../../hooks'
import { ADMIN_MESSAGES } from '../../messages/adminMessages'

export interface WaitForFreeSettingsProps {
  comicId: string
  className?: string
}

/**
 * The admin's setting of a comic's free-after-a-wait: the wait in whole hours (0 turns it off) and the
 * newest episodes never freed by waiting, checked with core `waitForFreeSettingProblems` before sending.
 * @example <WaitForFreeSettings comicId="1" />
 */
export function WaitForFreeSettings({ comicId, className }: WaitForFreeSettingsProps) {
  const messages = useMessages(ADMIN_MESSAGES)
  const { status } = useWaitForFree(comicId)
  const save = useSetWaitForFree(comicId)
  const [hours, setHours] = useState('')
  const [newest, setNewest] = useState('')
  const [invalid, setInvalid] = useState(false)
  const id = useId()
  useEffect(() => {
    if (!status) return
    setHours(String(status.waitHours))
    setNewest(String(status.newestExcluded))
  }, [status?.waitHours, status?.newestExcluded]) // eslint-disable-line react-hooks/exhaustive-deps
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const setting = { waitHours: Number(hours), newestExcluded: Number(newest) }
    const bad = hours.trim() === '' || newest.trim() === '' || waitForFreeSettingProblems(setting).length > 0
    setInvalid(bad)
    if (!bad) save.mutate(setting)
  }
  const base = className ? `comics-wait-for-free-settings ${className}` : 'comics-wait-for-free-settings'
  return (
    <form className={base} onSubmit={onSubmit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>{messages['waitForFree.admin.title']}</h3>
      <label htmlFor={`${id}-hours`}>{messages['waitForFree.admin.hours']}</label>
      <input id={`${id}-hours`} className="comics-input" inputMode="numeric" value={hours} onChange={(e) => setHours(e.target.value)} aria-invalid={invalid || undefined} />
      <label htmlFor={`${id}-newest`}>{messages['waitForFree.admin.newest']}</label>
      <input id={`${id}-newest`} className="comics-input" inputMode="numeric" value={newest} onChange={(e) => setNewest(e.target.value)} aria-invalid={invalid || undefined} />
      {invalid && <p role="alert">{messages['waitForFree.admin.invalid']}</p>}
      <button type="submit" className="comics-button" disabled={save.isPending} aria-busy={save.isPending}>
        {messages['waitForFree.admin.save']}
      </button>
      {save.isSuccess && !save.isPending && <p role="status">{messages['waitForFree.admin.saved']}</p>}
      {save.isError && <p role="alert">{messages['waitForFree.admin.failed']}</p>}
    </form>
  )
}
